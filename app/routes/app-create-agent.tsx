// The embedded Create Agent screen: the dashboard's own page (name, description, the SPEC's checks),
// which goes back to the Agents screen.
import { TitleBar } from '@shopify/app-bridge-react'
import type { LoaderFunctionArgs } from 'react-router'
import { CreateAgentPage } from '../../dashboard/src/pages/app/create-agent-page.tsx'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { ClientOnly } from '../embedded/client-only.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authenticateShop(request, context)
  return null
}

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
