/** The lookup key of one of our prices at Stripe: how a Stripe Price is found without any id written in code. */
export const stripeLookupKeyOf = (priceId: number) => `agentdesk_price_${priceId}`
