import { LoginErrorType, type LoginError } from '@shopify/shopify-app-react-router/server'

/** The login form's message for what Shopify's login() found wrong with the shop domain. */
export function loginErrorMessage(error: LoginError): string | null {
  if (error.shop === LoginErrorType.MissingShop) return 'Please enter your shop domain to log in'
  if (error.shop === LoginErrorType.InvalidShop) return 'Please enter a valid shop domain to log in'
  return null
}
