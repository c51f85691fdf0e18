// The embedded Plans screen: the plans a merchant can subscribe to through Shopify Billing, with their
// limits and the shop's current plan. Subscribe and Change plan go to Shopify's confirmation page
// (billing.request); Shopify sends the merchant back here, where billing.check confirms the charge even
// if its webhook was lost. Cancel ends the Shopify subscription (billing.cancel).
import { TitleBar } from '@shopify/app-bridge-react'
import { Badge, Banner, BlockStack, Box, Button, Card, InlineGrid, InlineStack, Page, Text } from '@shopify/polaris'
import { useState } from 'react'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from 'react-router'
import { ShopifyPlanChoiceSchema } from '#server/shopify/admin/embedded-actions.schemas.ts'
import { listPlans } from '#server/billing/list-plans.ts'
import { LIMIT_NAMES, type LimitName } from '#server/billing/plan-limits.ts'
import { readSubscriptionView } from '#server/billing/read-subscription.ts'
import { cancelThroughShopify } from '#server/billing/shopify/cancel-through-shopify.ts'
import { SHOPIFY_BILLING_CURRENCY } from '#server/billing/shopify/shopify-billing-plans.ts'
import type { ShopBilling } from '#server/billing/shopify/shopify-billing-calls.ts'
import { subscribeThroughShopify } from '#server/billing/shopify/subscribe-through-shopify.ts'
import { isCurrentShopifyCharge, syncShopifyBilling } from '#server/billing/shopify/sync-shopify-billing.ts'
import { AppError } from '#server/errors/app-error.ts'
import { formatCount } from '#dashboard/shared/format/format-count.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { useActionToast } from '../embedded/use-action-toast.ts'
import { shopifyHeaders } from '../shopify-headers.ts'

// billing.request throws a 401 carrying App Bridge's redirect header, which must reach the browser.
export const headers: HeadersFunction = shopifyHeaders

const BILLING_UNREACHABLE = 'Shopify could not be reached to check your subscription; what is shown may be out of date.'

function shopBillingOf(
  context: LoaderFunctionArgs['context'],
  billing: ShopBilling['billing'],
  shopDomain: string,
): ShopBilling {
  return {
    database: context.database,
    billing,
    plans: context.billing.plans,
    isTest: context.billing.isTest,
    shopDomain,
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, shop, billing } = await authenticateShop(request, context)
  const chargeId = new URL(request.url).searchParams.get('charge_id')
  // Shopify's own list of the app's subscriptions on the shop is the truth: a lost webhook is made good here.
  const checked = await syncShopifyBilling(shopBillingOf(context, billing, shop.shopDomain), context.logger).then(
    () => true,
    (error: unknown) => {
      if (error instanceof Response) throw error // the library's answer to an expired token: App Bridge retries
      context.logger.warn({ err: error, shopDomain: shop.shopDomain }, 'billing.check failed on the Plans screen')
      return false
    },
  )
  const services = { database: context.database, plans: context.plans }
  const [{ view: subscription }, catalogue, approved] = await Promise.all([
    readSubscriptionView(services, actor),
    listPlans(context.database),
    chargeId ? isCurrentShopifyCharge(context.database, actor.userId, chargeId) : false,
  ])
  return {
    subscription,
    plans: catalogue.plans,
    returned: chargeId !== null,
    approved,
    checked,
    billingMode: context.plans.mode,
    isTest: context.billing.isTest,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, shop, billing } = await authenticateShop(request, context)
  const form = await request.formData().catch(() => null)
  const parsed = ShopifyPlanChoiceSchema.safeParse(form ? Object.fromEntries(form) : {})
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Please choose a plan' }
  const shopBilling = shopBillingOf(context, billing, shop.shopDomain)
  try {
    if (parsed.data.intent === 'cancel') {
      const { planName } = await cancelThroughShopify(shopBilling, { accountId: actor.userId })
      return { message: `Your ${planName} subscription is cancelled.` }
    }
    return await subscribeThroughShopify(shopBilling, {
      accountId: actor.userId,
      planId: parsed.data.plan_id,
      apiKey: context.apiKey,
    })
  } catch (error) {
    if (error instanceof Response) throw error // the way to Shopify's confirmation page
    if (error instanceof AppError) return { error: error.detail }
    context.logger.error({ err: error, shopDomain: shop.shopDomain }, 'Shopify Billing refused a request')
    return { error: 'Shopify could not take this request. Please try again in a moment.' }
  }
}

const LABELS: Record<LimitName, string> = {
  conversations: 'conversations a month',
  messages: 'messages a month',
  tokens: 'tokens a month',
  widgets: 'widgets',
  team_members: 'team members',
  agents: 'agents',
}
const shown = (value: number) => (value === -1 ? 'Unlimited' : formatCount(value))
const money = (amount: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: SHOPIFY_BILLING_CURRENCY,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount)
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

function CurrentPlan({ subscription }: { subscription: LoaderData['subscription'] }) {
  const navigation = useNavigation()
  const [confirming, setConfirming] = useState(false)
  if (!subscription)
    return (
      <Banner tone="warning" title="No Active Subscription">
        Choose a plan below so your agents keep answering shoppers.
      </Banner>
    )
  const billedByShopify = subscription.provider === 'shopify' && !subscription.is_expired
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">{`Current Plan: ${subscription.plan_name}`}</Text>
          {subscription.is_expired ? (
            <Badge tone="critical">{subscription.is_trial ? 'Trial ended' : 'Ended'}</Badge>
          ) : subscription.is_trial ? (
            <Badge tone="info">{`Free trial: ${subscription.remaining_days} days left`}</Badge>
          ) : (
            <Badge tone="success">Active</Badge>
          )}
        </InlineStack>
        {subscription.is_expired ? null : (
          <Text as="p" tone="subdued">
            {billedByShopify
              ? `Billed by Shopify; renews on ${day.format(new Date(subscription.subscription_end_date))}`
              : `Ends on ${day.format(new Date(subscription.subscription_end_date))}`}
          </Text>
        )}
        {billedByShopify ? (
          confirming ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <BlockStack gap="200">
                <Text as="p">Your agents stop answering shoppers at once; Shopify credits the unused days.</Text>
                <InlineStack gap="200">
                  <Button submit tone="critical" variant="primary" loading={navigation.state === 'submitting'}>
                    Cancel subscription now
                  </Button>
                  <Button onClick={() => setConfirming(false)}>Keep my plan</Button>
                </InlineStack>
              </BlockStack>
            </Form>
          ) : (
            <Box>
              <Button tone="critical" variant="plain" onClick={() => setConfirming(true)}>
                Cancel Subscription
              </Button>
            </Box>
          )
        ) : null}
      </BlockStack>
    </Card>
  )
}

function PlanCard({
  plan,
  subscription,
}: {
  plan: LoaderData['plans'][number]
  subscription: LoaderData['subscription']
}) {
  const navigation = useNavigation()
  const usd = plan.prices.find((price) => price.currency === SHOPIFY_BILLING_CURRENCY)
  const isCurrent =
    subscription !== null && !subscription.is_expired && !subscription.is_trial && subscription.plan_id === plan.id
  const hasPaidPlan = subscription !== null && !subscription.is_expired && subscription.provider === 'shopify'
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('plan_id') === String(plan.id)
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center" align="space-between">
          <Text as="h3" variant="headingMd">
            {plan.name}
          </Text>
          {plan.is_most_popular ? <Badge tone="attention">Most Popular</Badge> : null}
        </InlineStack>
        <Text as="p" variant="headingLg">
          {usd ? `${money(usd.amount)} / 30 days` : 'Not offered through Shopify'}
        </Text>
        <BlockStack gap="100" as="ul">
          {LIMIT_NAMES.map((name) => (
            <li key={name}>
              <Text as="span">{`${shown(plan.limits[name])} ${LABELS[name]}`}</Text>
            </li>
          ))}
        </BlockStack>
        {isCurrent ? (
          <Button disabled>Current plan</Button>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="subscribe" />
            <input type="hidden" name="plan_id" value={plan.id} />
            <Button
              submit
              variant={plan.is_most_popular ? 'primary' : undefined}
              disabled={!usd}
              loading={submitting}
              accessibilityLabel={`${hasPaidPlan ? 'Change to' : 'Subscribe to'} ${plan.name}`}
            >
              {hasPaidPlan ? 'Change plan' : 'Subscribe'}
            </Button>
          </Form>
        )}
      </BlockStack>
    </Card>
  )
}

export default function PlansScreen() {
  const { subscription, plans, returned, approved, checked, billingMode, isTest } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  useActionToast(result)
  const welcomed = approved && subscription !== null
  return (
    <Page
      title="Plans"
      subtitle="Billed through Shopify, on your store's bill"
      backAction={{ content: 'Usage', url: '/app/usage' }}
    >
      <TitleBar title="Plans" />
      <BlockStack gap="400">
        {result && 'error' in result ? <Banner tone="critical">{result.error}</Banner> : null}
        {welcomed ? (
          <Banner tone="success" title={`You're on ${subscription.plan_name}`}>
            Thank you! Your agents answer shoppers within the plan's limits.
          </Banner>
        ) : null}
        {returned && !approved && checked ? (
          <Banner tone="warning">The subscription was not approved, so your plan is unchanged.</Banner>
        ) : null}
        {checked ? null : <Banner tone="warning">{BILLING_UNREACHABLE}</Banner>}
        {isTest ? (
          <Banner tone="info">
            Test charges: this server asks Shopify for test subscriptions, which are never billed.
          </Banner>
        ) : null}
        {billingMode === 'unlimited' ? (
          <Banner tone="info">This server does not enforce plan limits: usage is counted, nothing is refused.</Banner>
        ) : null}
        <CurrentPlan subscription={subscription} />
        {plans.length === 0 ? (
          <Card>
            <Text as="p">No plans are offered at the moment.</Text>
          </Card>
        ) : (
          <InlineGrid columns={{ xs: 1, sm: 2, lg: 4 }} gap="400">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} subscription={subscription} />
            ))}
          </InlineGrid>
        )}
      </BlockStack>
    </Page>
  )
}
