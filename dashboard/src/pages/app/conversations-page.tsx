import { Page } from '@shopify/polaris'

export function ConversationsPage() {
  return <Page title="Conversations" />
}
