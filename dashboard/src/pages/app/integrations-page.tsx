// SPEC section 2, Integrations page (/app/integrations). The tab is kept in the address (?tab=zapier).
import { Page } from '@shopify/polaris'
import { useSearchParams } from 'react-router'
import {
  INTEGRATION_TABS,
  IntegrationsOverview,
  type IntegrationTab,
} from '../../features/integrations/integrations-overview.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function IntegrationsPage() {
  useDocumentTitle('Integrations')
  const [search, setSearch] = useSearchParams()
  const tab = INTEGRATION_TABS.find((item) => item.id === search.get('tab'))?.id ?? 'website'
  return (
    <Page title="Integrations" subtitle="Connect your agents to websites, your own code and other apps.">
      <IntegrationsOverview
        tab={tab}
        onTabChange={(next: IntegrationTab) => setSearch({ tab: next }, { replace: true })}
      />
    </Page>
  )
}
