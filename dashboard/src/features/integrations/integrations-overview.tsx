// The Integrations page's content (SPEC section 2): three cards, then the Website / API / Zapier /
// Marketplace tabs. The tab is chosen by the caller, so the page can keep it in the address.
import { BlockStack, Tabs } from '@shopify/polaris'
import { ApiAccessTab } from './api-access-tab.tsx'
import { IntegrationCards } from './integration-cards.tsx'
import { MarketplaceTab } from './marketplace-tab.tsx'
import { WebsiteEmbedTab } from './website-embed-tab.tsx'
import { ZapierTab } from './zapier-tab.tsx'
import './integrations.css'

export const INTEGRATION_TABS = [
  { id: 'website', content: 'Website' },
  { id: 'api', content: 'API' },
  { id: 'zapier', content: 'Zapier' },
  { id: 'marketplace', content: 'Marketplace' },
] as const
export type IntegrationTab = (typeof INTEGRATION_TABS)[number]['id']

export function IntegrationsOverview({
  tab,
  onTabChange,
  serverOrigin = window.location.origin,
}: {
  tab: IntegrationTab
  onTabChange(tab: IntegrationTab): void
  serverOrigin?: string
}) {
  const selected = Math.max(
    0,
    INTEGRATION_TABS.findIndex((item) => item.id === tab),
  )
  const showTab = (next: IntegrationTab) => {
    onTabChange(next)
    requestAnimationFrame(() =>
      document.getElementById(`integrations-${next}-panel`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    )
  }
  return (
    <BlockStack gap="400">
      <IntegrationCards onShowTab={showTab} />
      <Tabs
        tabs={INTEGRATION_TABS.map((item) => ({
          id: `integrations-${item.id}`,
          content: item.content,
          panelID: `integrations-${item.id}-panel`,
        }))}
        selected={selected}
        onSelect={(index) => onTabChange(INTEGRATION_TABS[index]?.id ?? 'website')}
        fitted
      >
        <div className="integrations-panel">
          {tab === 'website' && <WebsiteEmbedTab serverOrigin={serverOrigin} />}
          {tab === 'api' && <ApiAccessTab serverOrigin={serverOrigin} />}
          {tab === 'zapier' && <ZapierTab />}
          {tab === 'marketplace' && <MarketplaceTab />}
        </div>
      </Tabs>
    </BlockStack>
  )
}
