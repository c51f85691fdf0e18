// The embedded app's home: what the storefront chat brought in the chosen period (Sales from chat), then
// the agents overview, as on the Agents screen.
import { TitleBar } from '@shopify/app-bridge-react'
import { BlockStack, Page } from '@shopify/polaris'
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { AgentsOverview } from '#dashboard/features/agents/agents-overview.tsx'
import { readStorefrontSales, SALES_PERIODS, type SalesPeriod } from '#server/shopify/products/read-storefront-sales.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { ClientOnly } from '../embedded/client-only.tsx'
import { revalidateOnPathChange } from '../embedded/revalidate-on-path-change.ts'
import { StorefrontSalesCard } from '../embedded/storefront-sales-card.tsx'

const periodOf = (value: string | null): SalesPeriod => SALES_PERIODS.find((days) => String(days) === value) ?? 30

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = await authenticateShop(request, context)
  const days = periodOf(new URL(request.url).searchParams.get('period'))
  return {
    shopName: shop.shopName ?? shop.shopDomain,
    sales: await readStorefrontSales(context.database, { shop, days }),
  }
}

export const shouldRevalidate = revalidateOnPathChange('period')

export default function HomeScreen() {
  const { shopName, sales } = useLoaderData<typeof loader>()
  const [search, setSearch] = useSearchParams()
  const choosePeriod = (days: string) => {
    const next = new URLSearchParams(search)
    next.set('period', days)
    setSearch(next)
  }
  return (
    <Page
      title="Agents"
      subtitle={shopName}
      primaryAction={{ content: 'Create New Agent', url: '/app/create-agent' }}
      secondaryActions={[{ content: 'Dashboard sign-in', url: '/app/sign-in' }]}
    >
      <TitleBar title="Agents" />
      <BlockStack gap="400">
        <StorefrontSalesCard sales={sales} onPeriod={choosePeriod} />
        <ClientOnly>
          <AgentsOverview emptyText="Agents answer your customers from your store's knowledge." />
        </ClientOnly>
      </BlockStack>
    </Page>
  )
}
