import { Page } from '@shopify/polaris'

export function AuthPage() {
  return <Page title="Sign in" />
}
