// SPEC section 2, Usage & Plan (/app/usage): the title with Refresh, and the plan with its usage.
import { Page } from '@shopify/polaris'
import { RefreshIcon } from '@shopify/polaris-icons'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { BILLING_KEY } from '../../features/billing/billing.queries.ts'
import { UsageAndPlan } from '../../features/billing/usage-and-plan.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function UsagePage() {
  useDocumentTitle('Usage & Plan')
  const queryClient = useQueryClient()
  const [refreshing, setRefreshing] = useState(false)
  const refresh = async () => {
    setRefreshing(true)
    await queryClient.refetchQueries({ queryKey: BILLING_KEY, type: 'active' }).finally(() => setRefreshing(false))
  }
  return (
    <Page
      title="Usage & Plan"
      subtitle="Your plan, what you have used this period, and your subscriptions."
      primaryAction={{ content: 'Refresh', icon: RefreshIcon, onAction: () => void refresh(), loading: refreshing }}
    >
      <UsageAndPlan />
    </Page>
  )
}
