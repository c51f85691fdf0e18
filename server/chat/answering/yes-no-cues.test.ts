import { describe, expect, it } from 'vitest'
import { asksWhether, saysNo } from './yes-no-cues.ts'

describe('yes-or-no cues', () => {
  it('tells a question that asks whether from one that asks what, how or where', () => {
    expect(asksWhether('Do you ship to Canada?', 'eng')).toBe(true)
    expect(asksWhether('How long does shipping take?', 'eng')).toBe(false)
    expect(asksWhether('Livrez-vous en Belgique ?', 'fra')).toBe(true)
    expect(asksWhether('Quels sont les délais ?', 'fra')).toBe(false)
    expect(asksWhether('¿Hacen envíos a Canarias?', 'spa')).toBe(true)
    expect(asksWhether('¿Cuánto tarda el reembolso?', 'spa')).toBe(false)
    expect(asksWhether('هل تشحنون إلى خارج مصر؟', 'arb')).toBe(true)
    expect(asksWhether('كم تكلفة الشحن؟', 'arb')).toBe(false)
  })

  it('hears a sentence say no, in any of the languages', () => {
    for (const sentence of [
      'We do not ship outside the United States.',
      "We don't ship bicycles abroad.",
      'Sale items are non-refundable.',
      "Le paiement à la livraison n'est pas possible.",
      'No hacemos envíos a Canarias.',
      'لا نشحن الطلبات إلى خارج مصر.',
    ])
      expect([sentence, saysNo(sentence)]).toEqual([sentence, true])
    expect(saysNo('We ship to all 50 US states.')).toBe(false)
    expect(saysNo('Notre entrepôt se trouve à Lyon.')).toBe(false)
  })
})
