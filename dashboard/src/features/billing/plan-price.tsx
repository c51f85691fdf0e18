// A plan's price per month in the chosen currency, or why there is none.
import { Text } from '@shopify/polaris'
import type { Plan } from '#server/billing/billing.schemas.ts'
import { formatPrice, priceIn } from './plan-prices.ts'

export function PlanPrice({ plan, currency }: { plan: Plan; currency: string }) {
  const price = priceIn(plan, currency)
  if (!price) {
    return (
      <Text as="p" tone="subdued">
        Price not available for selected currency
      </Text>
    )
  }
  return (
    <p>
      <span className="plan-card__price">{formatPrice(price)}</span>{' '}
      <Text as="span" tone="subdued">
        per month
      </Text>
    </p>
  )
}
