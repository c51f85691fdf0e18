// BILLING_MODE=unlimited (docs/api/billing.md): usage is counted but nothing is refused; say so.
import { Banner } from '@shopify/polaris'
import type { BillingMode } from '#server/billing/billing.schemas.ts'

export function BillingModeBanner({ mode }: { mode: BillingMode }) {
  if (mode !== 'unlimited') return null
  return <Banner tone="info" title="This server does not enforce plan limits." />
}
