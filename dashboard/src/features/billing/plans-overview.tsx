// SPEC section 2, Plans (public): the currency radio (EGP only), a plan dropdown with the default plan
// marked, the chosen plan's card, the comparison table, and Need a custom plan? with Contact Sales.
import { BlockStack, Card, InlineStack, Select, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { EmptyCard } from '../../feedback/empty-card.tsx'
import { LoadFailedBanner } from '../../feedback/load-failed-banner.tsx'
import { PageLoading } from '../../shared/page-loading.tsx'
import { plansQuery } from './billing.queries.ts'
import { CurrencyRadio } from './currency-radio.tsx'
import { PlanComparisonTable } from './plan-comparison-table.tsx'
import { PlanDetailCard } from './plan-detail-card.tsx'
import { DEFAULT_CURRENCY, offeredCurrencies } from './plan-prices.ts'
import './billing.css'

export function PlansOverview() {
  const client = useApi()
  const catalogue = useQuery(plansQuery(client))
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY)
  const [chosenId, setChosenId] = useState<number | null>(null)

  if (catalogue.isPending) return <PageLoading label="Loading plans" />
  if (catalogue.isError)
    return (
      <LoadFailedBanner title="Unable to load plans" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
    )
  const { plans } = catalogue.data
  if (plans.length === 0)
    return <EmptyCard heading="No plans available">Plans will be listed here once they are offered.</EmptyCard>
  const defaultId = catalogue.data.default_plan_id ?? plans.find((plan) => plan.is_default)?.id ?? plans[0]?.id
  const chosen = plans.find((plan) => plan.id === (chosenId ?? defaultId)) ?? plans[0]

  return (
    <BlockStack gap="400">
      <Card>
        <InlineStack gap="600" wrap blockAlign="start">
          <CurrencyRadio
            currencies={offeredCurrencies(catalogue.data.currencies)}
            value={currency}
            onChange={setCurrency}
          />
          <div style={{ minWidth: 'min(100%, 240px)' }}>
            <Select
              label="Plan"
              options={plans.map((plan) => ({
                label: plan.id === defaultId ? `${plan.name} (Default)` : plan.name,
                value: String(plan.id),
              }))}
              value={String(chosen?.id ?? '')}
              onChange={(value) => setChosenId(Number(value))}
            />
          </div>
        </InlineStack>
      </Card>
      {chosen ? <PlanDetailCard plan={chosen} currency={currency} /> : null}
      <PlanComparisonTable plans={plans} currency={currency} />
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Need a custom plan?
          </Text>
          <Text as="p" tone="subdued">
            Larger teams, more agents or special terms: tell us what you need.
          </Text>
          <div>
            <Link to="/contact" className="public-button public-button--secondary">
              Contact Sales
            </Link>
          </div>
        </BlockStack>
      </Card>
    </BlockStack>
  )
}
