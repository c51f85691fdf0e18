// The embedded Create Agent screen: the dashboard's own page (name, description, the SPEC's checks),
// which goes back to the Agents screen.
import { TitleBar } from '@shopify/app-bridge-react'
import { CreateAgentPage } from '#dashboard/pages/app/create-agent-page.tsx'
import { requireShopAdmin } from '../authenticate-shop.server.ts'
import { ClientOnly } from '../embedded/client-only.tsx'

export const loader = requireShopAdmin

export default function CreateAgentScreen() {
  return (
    <>
      <TitleBar title="Create Agent" />
      <ClientOnly>
        <CreateAgentPage />
      </ClientOnly>
    </>
  )
}
