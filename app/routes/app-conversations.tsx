// The embedded Conversations screen: the dashboard's own workspace (filters, search, the list with where
// each chat came from, the thread with favourite, archive and delete) over every conversation of the
// shop account's agents: the dashboard's, the website widget's and the storefront's.
import { TitleBar } from '@shopify/app-bridge-react'
import { Page } from '@shopify/polaris'
import { ConversationsWorkspace } from '#dashboard/features/conversation-workspace/conversations-workspace.tsx'
import { requireShopAdmin } from '../authenticate-shop.server.ts'
import { ClientOnly } from '../embedded/client-only.tsx'
import { revalidateOnPathChange } from '../embedded/revalidate-on-path-change.ts'

export const loader = requireShopAdmin

export const shouldRevalidate = revalidateOnPathChange()

export default function ConversationsScreen() {
  return (
    <Page
      title="Conversations"
      subtitle="Every conversation with your agents: in the dashboard, on your website and in your store"
      backAction={{ content: 'Agents', url: '/app' }}
      fullWidth
    >
      <TitleBar title="Conversations" />
      <ClientOnly>
        <ConversationsWorkspace />
      </ClientOnly>
    </Page>
  )
}
