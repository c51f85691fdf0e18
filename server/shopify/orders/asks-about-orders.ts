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
// knowledge), not a list of the shopper's orders; so is sending it back. Every form of the word counts
// ("canceled", "cancelation", "refunded"); a word opening with an accented letter needs a letter-aware
// boundary, which \b is not ("échanger").
const POLICY_QUESTIONS = [
  /\b(return\w*|refund\w*|cancel\w*|exchang\w*|send(ing)?\s+(it|them|\w+\s+order)\s+back)\b/i,
  /(zurück(geben|senden|schicken)|rückgabe|rücksendung|erstattung|stornier|umtausch)/i,
  /(?<!\p{L})(retourn\p{L}*|retour|rembours\p{L}*|annul\p{L}*|échang\p{L}*)/iu,
  /(?<!\p{L})(devol\p{L}*|devuelv\p{L}*|reembols\p{L}*|cancel\p{L}*|cambi\p{L}*)/iu,
  /(?<!\p{L})(restitu\p{L}*|reso(?!\p{L})|rimbors\p{L}*|annull\p{L}*|cambi\p{L}*)/iu,
  /(?<!\p{L})(devol\p{L}*|reembols\p{L}*|cancel\p{L}*|troc\p{L}*)/iu,
  /(إرجاع|ارجاع|استرجاع|ترجيع|استرداد|إلغاء|الغاء|الغي|ألغي|استبدال|تبديل)/,
]

export function asksAboutOrders(text: string): boolean {
  return (
    ORDER_QUESTIONS.some((pattern) => pattern.test(text)) && !POLICY_QUESTIONS.some((pattern) => pattern.test(text))
  )
}
