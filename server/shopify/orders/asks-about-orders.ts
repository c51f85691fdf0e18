// Whether a shopper's message asks about their own orders: where an order is, its status or tracking.
// The languages the offline answerer speaks; a miss only means the question is answered from knowledge.
const ORDER_QUESTIONS = [
  /\b(my|our)\s+(last\s+|latest\s+|recent\s+)?(orders?|purchases?|parcels?|packages?|deliver(y|ies)|shipments?)\b/i,
  /\b(orders?|package|parcel|shipment)\s+(status|tracking)\b/i,
  /\b(track|tracking)\b.*\b(order|package|parcel|shipment)\b/i,
  /\bwhere\s+is\s+(it|my\s+stuff)\b/i,
  /\b(meine?|unsere?)\s+(letzte\s+)?(bestellung(en)?|lieferung|paket|sendung)\b/i,
  /\b(ma|mes|notre|nos)\s+(dernière\s+)?(commandes?|colis|livraisons?)\b/i,
  /\b(mis?|mi|nuestros?|nuestra)\s+(último\s+)?(pedidos?|paquetes?|envíos?|compras?)\b/i,
  /\b(il\s+)?mio\s+ordine|i\s+miei\s+ordini|la\s+mia\s+spedizione\b/i,
  /\b(minha|meu|meus|minhas)\s+(encomendas?|pedidos?|compras?)\b/i,
  /(طلبي|طلباتي|شحنتي)/,
]

// Returning, refunding, cancelling or exchanging an order is a question for the shop's policy (its
// knowledge), not a list of the shopper's orders.
const POLICY_QUESTIONS = [
  /\b(return(s|ing|ed)?|refunds?|refunding|cancel(s|led|ling|lation)?|exchang(e|es|ing))\b/i,
  /(zurück(geben|senden|schicken)|rückgabe|rücksendung|erstattung|stornier|umtausch)/i,
  /\b(retourner|retour|rembourse\w*|annuler|annulation|échanger?)\b/i,
  /\b(devolver|devolución|devolucion|reembolso|cancelar|cambiar)\b/i,
  /\b(restituire|reso|rimborso|annullare)\b/i,
  /\b(devolução|devolucao|trocar)\b/i,
  /(إرجاع|استرداد|إلغاء|استبدال)/,
]

export function asksAboutOrders(text: string): boolean {
  return (
    ORDER_QUESTIONS.some((pattern) => pattern.test(text)) && !POLICY_QUESTIONS.some((pattern) => pattern.test(text))
  )
}
