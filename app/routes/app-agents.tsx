// The embedded Agents screen: the dashboard's agents overview (summary cards, agent cards whose menu
// views, edits and deletes, pages of 12) over the shop account's agents, and the way to a dashboard
// sign-in.
import { TitleBar } from '@shopify/app-bridge-react'
import { Page } from '@shopify/polaris'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { AgentsOverview } from '#dashboard/features/agents/agents-overview.tsx'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { ClientOnly } from '../embedded/client-only.tsx'
import { revalidateOnPathChange } from '../embedded/revalidate-on-path-change.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = await authenticateShop(request, context)
  return { shopName: shop.shopName ?? shop.shopDomain }
}

export const shouldRevalidate = revalidateOnPathChange()

export default function AgentsScreen() {
  const { shopName } = useLoaderData<typeof loader>()
  return (
    <Page
      title="Agents"
      subtitle={shopName}
      primaryAction={{ content: 'Create New Agent', url: '/app/create-agent' }}
      secondaryActions={[{ content: 'Dashboard sign-in', url: '/app/sign-in' }]}
    >
      <TitleBar title="Agents" />
      <ClientOnly>
        <AgentsOverview emptyText="Agents answer your customers from your store's knowledge." />
      </ClientOnly>
    </Page>
  )
}
