// SPEC section 2, Plans: every plan side by side with its price and its six limits (-1 as ∞). On a
// phone the table scrolls sideways inside its frame.
import { Badge, BlockStack, Card, Text } from '@shopify/polaris'
import { LIMIT_NAMES, type Plan } from '#server/billing/billing.schemas.ts'
import { formatPrice, priceIn } from './plan-prices.ts'
import { formatPlanLimit, LIMIT_LABELS } from './usage-figures.ts'

export function PlanComparisonTable({ plans, currency }: { plans: Plan[]; currency: string }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="plan-comparison-title">
          Compare plans
        </Text>
        <div className="billing-table-wrap" tabIndex={0} role="region" aria-labelledby="plan-comparison-title">
          <table className="billing-table">
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Price per month</th>
                {LIMIT_NAMES.map((name) => (
                  <th scope="col" key={name}>
                    {LIMIT_LABELS[name]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {plans.map((plan) => {
                const price = priceIn(plan, currency)
                return (
                  <tr key={plan.id}>
                    <th scope="row">
                      {plan.name} {plan.is_most_popular ? <Badge tone="info">Most Popular</Badge> : null}
                    </th>
                    <td>{price ? formatPrice(price) : '—'}</td>
                    {LIMIT_NAMES.map((name) => (
                      <td key={name}>{formatPlanLimit(plan.limits[name])}</td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </BlockStack>
    </Card>
  )
}
