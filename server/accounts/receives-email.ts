/** The domain of a Shopify shop account's placeholder address (.invalid is reserved: no mailbox answers). */
export const SHOP_PLACEHOLDER_EMAIL_DOMAIN = 'shopify.invalid'

/**
 * Whether the account's address takes e-mail: an active account's, and not a Shopify shop's placeholder
 * (nothing is sent there until the merchant adds a real e-mail sign-in).
 */
export function receivesEmail({ email, isActive }: { email: string; isActive: boolean }) {
  return isActive && !email.endsWith(`@${SHOP_PLACEHOLDER_EMAIL_DOMAIN}`)
}
