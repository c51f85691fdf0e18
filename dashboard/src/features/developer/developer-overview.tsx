// The Integrations page's content (SPEC section 2): what the account offers developers and other apps
// (the embed snippet, API keys, outgoing webhooks for Zapier, the catalogue of what connects), not the
// widget integrations of features/widgets/. Three cards, then the Website / API / Zapier / Marketplace
// tabs. The tab is chosen by the caller, so the page can keep it in the address.
import { BlockStack, Tabs } from '@shopify/polaris'
import { ApiAccessTab } from './api-access-tab.tsx'
import { DeveloperCards } from './developer-cards.tsx'
import { MarketplaceTab } from './marketplace-tab.tsx'
import { WebsiteEmbedTab } from './website-embed-tab.tsx'
import { ZapierTab } from './zapier-tab.tsx'
import './developer.css'

export const DEVELOPER_TABS = [
  { id: 'website', content: 'Website' },
  { id: 'api', content: 'API' },
  { id: 'zapier', content: 'Zapier' },
  { id: 'marketplace', content: 'Marketplace' },
] as const
export type DeveloperTab = (typeof DEVELOPER_TABS)[number]['id']

export function DeveloperOverview({
  tab,
  onTabChange,
  serverOrigin = window.location.origin,
}: {
  tab: DeveloperTab
  onTabChange(tab: DeveloperTab): void
  serverOrigin?: string
}) {
  const selected = Math.max(
    0,
    DEVELOPER_TABS.findIndex((item) => item.id === tab),
  )
  const showTab = (next: DeveloperTab) => {
    onTabChange(next)
    requestAnimationFrame(() =>
      document.getElementById(`developer-${next}-panel`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    )
  }
  return (
    <BlockStack gap="400">
      <DeveloperCards onShowTab={showTab} />
      <Tabs
        tabs={DEVELOPER_TABS.map((item) => ({
          id: `developer-${item.id}`,
          content: item.content,
          panelID: `developer-${item.id}-panel`,
        }))}
        selected={selected}
        onSelect={(index) => onTabChange(DEVELOPER_TABS[index]?.id ?? 'website')}
        fitted
      >
        <div className="developer-panel">
          {tab === 'website' && <WebsiteEmbedTab serverOrigin={serverOrigin} />}
          {tab === 'api' && <ApiAccessTab serverOrigin={serverOrigin} />}
          {tab === 'zapier' && <ZapierTab />}
          {tab === 'marketplace' && <MarketplaceTab />}
        </div>
      </Tabs>
    </BlockStack>
  )
}
