import { describe, expect, it } from 'vitest'
import { rootsIn } from './word-roots.ts'

describe('rootsIn', () => {
  it('gives a word and the words derived from it one root, in the languages it covers', () => {
    const english = rootsIn('eng')
    for (const [word, derived] of [
      ['rent', 'rental'],
      ['pay', 'payment'],
      ['ship', 'shipment'],
      ['deliver', 'delivery'],
      ['store', 'storage'],
      ['pack', 'package'],
      ['dark', 'darkness'],
    ] as const)
      expect([word, english(word)]).toEqual([word, english(derived)])
    expect(rootsIn('fra')('livraison')).toBe(rootsIn('fra')('livrer'))
    expect(rootsIn('fra')('emballage')).toBe(rootsIn('fra')('emballer'))
    expect(rootsIn('spa')('embalaje')).toBe(rootsIn('spa')('embalar'))
    expect(rootsIn('fra')('expédition')).toBe('expedit') // accents folded
  })

  it('leaves a short word whose ending only looks derivational', () => {
    const english = rootsIn('eng')
    expect(english('metal')).not.toBe(english('met'))
    expect(english('manage')).not.toBe(english('man'))
    expect(english('final')).not.toBe(english('fin'))
  })
})
