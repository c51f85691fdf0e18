import { AppError } from '../errors/app-error.ts'

/** The signed-in user behind a request, as domain code receives it. */
export interface Actor {
  userId: string
  email: string
  fullName: string
  /** The refresh-token family (sign-in session) the access token was issued for, or shopifyAdminSessionOf(shop). */
  sessionId: string
}

const SHOPIFY_ADMIN_SESSION = 'shopify:'

/** The sessionId of a shop account acting through the Shopify admin: it names no dashboard sign-in session. */
export function shopifyAdminSessionOf(shopDomain: string): string {
  return `${SHOPIFY_ADMIN_SESSION}${shopDomain}`
}

/**
 * Changes to the sign-in itself (password, e-mail, deleting the account) want a dashboard sign-in; the
 * routes that make them do not take Shopify admin session tokens, and this keeps it so should one ever do.
 */
export function requireDashboardSignIn(actor: Actor): void {
  if (actor.sessionId.startsWith(SHOPIFY_ADMIN_SESSION))
    throw new AppError('FORBIDDEN', 'Sign in to the AgentDesk dashboard to change how you sign in.')
}
