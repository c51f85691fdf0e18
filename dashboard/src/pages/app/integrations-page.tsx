// SPEC section 2, Integrations page (/app/integrations). The tab is kept in the address (?tab=zapier).
import { Page } from '@shopify/polaris'
import { useSearchParams } from 'react-router'
import { DEVELOPER_TABS, DeveloperOverview, type DeveloperTab } from '../../features/developer/developer-overview.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function IntegrationsPage() {
  useDocumentTitle('Integrations')
  const [search, setSearch] = useSearchParams()
  const tab = DEVELOPER_TABS.find((item) => item.id === search.get('tab'))?.id ?? 'website'
  return (
    <Page title="Integrations" subtitle="Connect your agents to websites, your own code and other apps.">
      <DeveloperOverview tab={tab} onTabChange={(next: DeveloperTab) => setSearch({ tab: next }, { replace: true })} />
    </Page>
  )
}
