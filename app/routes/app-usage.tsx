// The embedded Usage screen: the shop account's plan (trial, subscription or none), each limit with what
// this billing period used of it, and the plans there are. Upgrade Plan actions of other screens land here.
import { TitleBar } from '@shopify/app-bridge-react'
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  DataTable,
  InlineGrid,
  InlineStack,
  Page,
  ProgressBar,
  Text,
} from '@shopify/polaris'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { listPlans } from '#server/billing/list-plans.ts'
import { LIMIT_NAMES, type LimitName } from '#server/billing/plan-limits.ts'
import { readSubscriptionView } from '#server/billing/read-subscription.ts'
import { readUsageLimits } from '#server/billing/read-usage-limits.ts'
import { formatCount } from '#dashboard/shared/format/format-count.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await authenticateShop(request, context)
  const services = { database: context.database, plans: context.plans }
  const [{ view: subscription }, { view: usage }, catalogue] = await Promise.all([
    readSubscriptionView(services, actor),
    readUsageLimits(services, actor),
    listPlans(context.database),
  ])
  return { subscription, usage, plans: catalogue.plans }
}

const LABELS: Record<LimitName, string> = {
  conversations: 'Conversations',
  messages: 'Messages',
  tokens: 'Tokens',
  widgets: 'Widgets',
  team_members: 'Team members',
  agents: 'Agents',
}
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const shown = (value: number) => (value === -1 ? '∞' : formatCount(value))

function planStatus(subscription: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['subscription']>) {
  if (subscription.is_expired) return <Badge tone="critical">{subscription.is_trial ? 'Trial ended' : 'Expired'}</Badge>
  if (subscription.is_trial) return <Badge tone="info">{`Free trial: ${subscription.remaining_days} days left`}</Badge>
  return <Badge tone="success">Active</Badge>
}

export default function UsageScreen() {
  const { subscription, usage, plans } = useLoaderData<typeof loader>()
  const until = new Date(new Date(usage.period_end).getTime() - 1)
  return (
    <Page
      title="Usage"
      subtitle={`${day.format(new Date(usage.period_start))} to ${day.format(until)}`}
      backAction={{ content: 'Agents', url: '/app' }}
    >
      <TitleBar title="Usage" />
      <BlockStack gap="400">
        {usage.billing_mode === 'unlimited' ? (
          <Banner tone="info">This server does not enforce plan limits: usage is counted, nothing is refused.</Banner>
        ) : null}
        {subscription?.is_expired && usage.billing_mode === 'enforced' ? (
          <Banner
            tone="critical"
            title={subscription.is_trial ? 'Your free trial has ended' : 'Your subscription has ended'}
          >
            Your agents no longer answer shoppers. Everything you made is kept.
          </Banner>
        ) : null}
        <Card>
          <BlockStack gap="200">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h2" variant="headingMd">
                {subscription ? `Current Plan: ${subscription.plan_name}` : 'No Active Subscription'}
              </Text>
              {subscription ? planStatus(subscription) : null}
            </InlineStack>
            {subscription && !subscription.is_expired ? (
              <Text
                as="p"
                tone="subdued"
              >{`Renews or ends on ${day.format(new Date(subscription.subscription_end_date))}`}</Text>
            ) : null}
          </BlockStack>
        </Card>
        <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
          {LIMIT_NAMES.map((name) => (
            <Card key={name}>
              <BlockStack gap="200">
                <Text as="h3" variant="headingSm">
                  {LABELS[name]}
                </Text>
                <Text as="p" variant="headingLg">
                  <span>{formatCount(usage.usage[name])}</span>
                  {` of ${shown(usage.features_limit[name])}`}
                </Text>
                <ProgressBar
                  progress={usage.percent[name]}
                  size="small"
                  tone={usage.percent[name] >= 100 ? 'critical' : 'highlight'}
                />
              </BlockStack>
            </Card>
          ))}
        </InlineGrid>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              Plans
            </Text>
            <DataTable
              columnContentTypes={['text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric']}
              headings={[
                'Plan',
                'USD a month',
                'Conversations',
                'Messages',
                'Tokens',
                'Widgets',
                'Team members',
                'Agents',
              ]}
              rows={plans.map((plan) => [
                `${plan.name}${plan.is_most_popular ? ' (Most Popular)' : ''}`,
                plan.price ?? '',
                shown(plan.limits.conversations),
                shown(plan.limits.messages),
                shown(plan.limits.tokens),
                shown(plan.limits.widgets),
                shown(plan.limits.team_members),
                shown(plan.limits.agents),
              ])}
            />
            <Text as="p" tone="subdued">
              Counts cover every agent of this store&apos;s account, the dashboard&apos;s and the storefront&apos;s
              alike.
            </Text>
            <InlineStack>
              <Button url="/app/plans" variant="primary">
                {subscription && !subscription.is_expired && subscription.provider === 'shopify'
                  ? 'Change plan'
                  : 'Choose a plan'}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  )
}
