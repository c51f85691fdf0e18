// SPEC section 2, Conversations page: the conversations workspace in the dashboard's page.
import { Page } from '@shopify/polaris'
import { ConversationsWorkspace } from '../../features/conversation-workspace/conversations-workspace.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function ConversationsPage() {
  useDocumentTitle('Conversations')
  return (
    <Page title="Conversations" subtitle="Every conversation with your agents, in one place." fullWidth>
      <ConversationsWorkspace />
    </Page>
  )
}
