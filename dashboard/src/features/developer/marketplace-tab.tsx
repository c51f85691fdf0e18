// Marketplace tab (SPEC section 2): the static catalogue by category, narrowed by the filter chips.
import { Badge, BlockStack, Card, InlineGrid, InlineStack, Text } from '@shopify/polaris'
import { useState } from 'react'
import {
  filterMarketplace,
  MARKETPLACE_FILTERS,
  type MarketplaceFilter,
  type MarketplaceReach,
} from './marketplace-catalogue.ts'

const REACH_BADGES: Record<MarketplaceReach, { label: string; tone?: 'info' | 'success' }> = {
  'widget-code': { label: 'Add with the widget code', tone: 'info' },
  'shopify-app': { label: 'Shopify app', tone: 'success' },
  planned: { label: 'Planned' },
}

export function MarketplaceTab() {
  const [filter, setFilter] = useState<MarketplaceFilter>('All')
  const categories = filterMarketplace(filter)
  return (
    <BlockStack gap="400">
      <div className="marketplace-chips" role="group" aria-label="Filter integrations">
        {MARKETPLACE_FILTERS.map((chip) => (
          <button
            key={chip}
            type="button"
            className="marketplace-chip"
            aria-pressed={chip === filter}
            onClick={() => setFilter(chip)}
          >
            {chip}
          </button>
        ))}
      </div>
      {categories.length === 0 && (
        <Card>
          <Text as="p" tone="subdued">
            No integrations in this category yet.
          </Text>
        </Card>
      )}
      {categories.map((category) => (
        <BlockStack gap="200" key={category.name}>
          <Text as="h2" variant="headingMd">
            {category.name}
          </Text>
          <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="300">
            {category.entries.map((entry) => (
              <Card key={entry.name}>
                <BlockStack gap="200">
                  <InlineStack align="space-between" blockAlign="center" gap="200">
                    <Text as="h3" variant="headingSm">
                      {entry.name}
                    </Text>
                    <Badge tone={REACH_BADGES[entry.reach].tone}>{REACH_BADGES[entry.reach].label}</Badge>
                  </InlineStack>
                  <Text as="p" tone="subdued">
                    {entry.description}
                  </Text>
                </BlockStack>
              </Card>
            ))}
          </InlineGrid>
        </BlockStack>
      ))}
    </BlockStack>
  )
}
