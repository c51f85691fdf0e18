// The embedded Usage screen: what the shop's account used in its current billing period (the calendar
// month without a subscription), with the agents and widgets it has. Plans and limits come with billing.
import { TitleBar } from '@shopify/app-bridge-react'
import { BlockStack, InlineGrid, Page, Text } from '@shopify/polaris'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { countAccountResources } from '../../server/usage/count-account-resources.ts'
import { readUsage } from '../../server/usage/read-usage.ts'
import { StatCard } from '../../dashboard/src/features/dashboard/stat-cards.tsx'
import { authenticateShop } from '../authenticate-shop.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await authenticateShop(request, context)
  const [usage, resources] = await Promise.all([readUsage(context.database, actor.userId), countAccountResources(context.database, actor.userId)])
  return { ...usage, period: { start: usage.period.start.toISOString(), end: usage.period.end.toISOString() }, ...resources }
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export default function UsageScreen() {
  const usage = useLoaderData<typeof loader>()
  const until = new Date(new Date(usage.period.end).getTime() - 1)
  return (
    <Page title="Usage" subtitle={`${day.format(new Date(usage.period.start))} to ${day.format(until)}`} backAction={{ content: 'Agents', url: '/app' }}>
      <TitleBar title="Usage" />
      <BlockStack gap="400">
        <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
          <StatCard title="Conversations" value={usage.conversations} />
          <StatCard title="Messages" value={usage.messages} />
          <StatCard title="Tokens" value={usage.tokens} />
          <StatCard title="Agents" value={usage.agents} />
          <StatCard title="Widgets" value={usage.widgets} />
        </InlineGrid>
        <Text as="p" tone="subdued">
          Counts cover every agent of this store&apos;s account, the dashboard&apos;s and the storefront&apos;s alike.
        </Text>
      </BlockStack>
    </Page>
  )
}
