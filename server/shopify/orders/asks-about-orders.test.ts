import { describe, expect, it } from 'vitest'
import { asksAboutOrders } from './asks-about-orders.ts'

describe('asksAboutOrders', () => {
  it('hears a shopper asking where their orders are, in the offline answerer’s languages', () => {
    for (const question of [
      'Where is my order?',
      'Can you check my latest orders?',
      'Order status please',
      'Wo ist meine Bestellung?',
      'Où est ma commande ?',
      '¿Dónde está mi pedido?',
      'Dov’è il mio ordine?',
      'Onde está a minha encomenda?',
    ])
      expect(asksAboutOrders(question), question).toBe(true)
  })

  it('leaves returns, refunds, cancellations and exchanges to the shop’s policy', () => {
    for (const question of [
      'How do I return my order?',
      'Can I cancel my order?',
      'I want a refund for my last order',
      'Can I exchange my order for another size?',
      'Wie kann ich meine Bestellung zurückgeben?',
      'Je veux annuler ma commande',
      'Quiero cancelar mi pedido',
      'Come posso annullare il mio ordine?',
      'Quero trocar a minha encomenda',
      // Issue 37: every form of the word, a letter-aware boundary before an accent, and sending it back.
      'I canceled my order yesterday',
      'Canceling my order, how?',
      'My order was refunded, when does the money arrive?',
      'I exchanged my order but got the same size',
      'My order arrived damaged, can I send it back?',
      'Je veux échanger ma commande',
      '¿Cómo devuelvo mi pedido?',
      'أريد الغاء طلبي',
      'أريد إرجاع طلبي',
    ])
      expect(asksAboutOrders(question), question).toBe(false)
  })
})
