import { Page } from '@shopify/polaris'

export function ProfilePage() {
  return <Page title="User Profile" />
}
