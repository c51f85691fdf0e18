// The embedded agent screen: the dashboard's own agent page (Overview, Chat, Documents, Texts, Websites;
// the tab kept in the address), reached from the Agents screen's cards.
import { AgentDetailPage } from '#dashboard/pages/app/agent-detail-page.tsx'
import { requireShopAdmin } from '../authenticate-shop.server.ts'
import { ClientOnly } from '../embedded/client-only.tsx'
import { revalidateOnPathChange } from '../embedded/revalidate-on-path-change.ts'

export const loader = requireShopAdmin

export const shouldRevalidate = revalidateOnPathChange()

export default function AgentScreen() {
  return (
    <ClientOnly>
      <AgentDetailPage />
    </ClientOnly>
  )
}
