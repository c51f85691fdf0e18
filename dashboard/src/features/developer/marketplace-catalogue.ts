// The Marketplace tab's catalogue (SPEC section 2), saying truthfully how each works today: through the
// widget's code (any site that takes a script), as the Shopify app, or not yet. Nothing claims to be
// configured: the SPEC's fixed "configured" flags described no account (issue 19). Each entry names the
// filter chips it answers to.

export const MARKETPLACE_FILTERS = ['All', 'CRM', 'Marketing', 'E-commerce', 'Communication', 'Analytics'] as const
export type MarketplaceFilter = (typeof MARKETPLACE_FILTERS)[number]

/** How an entry works today: the widget's script on the site, the Shopify app, or planned. */
export type MarketplaceReach = 'widget-code' | 'shopify-app' | 'planned'

interface MarketplaceEntry {
  name: string
  description: string
  reach: MarketplaceReach
  filters: MarketplaceFilter[]
}

export interface MarketplaceCategory {
  name: string
  entries: MarketplaceEntry[]
}

const MARKETPLACE: MarketplaceCategory[] = [
  {
    name: 'CMS',
    entries: [
      {
        name: 'WordPress',
        description: 'Add the chat widget to a WordPress site.',
        reach: 'widget-code',
        filters: ['Marketing'],
      },
      {
        name: 'Shopify',
        description: 'Add the chat widget to a Shopify theme.',
        reach: 'shopify-app',
        filters: ['E-commerce'],
      },
      {
        name: 'Webflow',
        description: 'Add the chat widget to a Webflow site.',
        reach: 'widget-code',
        filters: ['Marketing'],
      },
    ],
  },
  {
    name: 'CRM',
    entries: [
      {
        name: 'Salesforce',
        description: 'Send leads from conversations to Salesforce.',
        reach: 'planned',
        filters: ['CRM'],
      },
      {
        name: 'HubSpot',
        description: 'Sync contacts and conversations with HubSpot.',
        reach: 'planned',
        filters: ['CRM', 'Marketing'],
      },
    ],
  },
  {
    name: 'Social Media',
    entries: [
      {
        name: 'Facebook Messenger',
        description: 'Answer Messenger chats with your agent.',
        reach: 'planned',
        filters: ['Communication'],
      },
      {
        name: 'WhatsApp Business',
        description: 'Answer WhatsApp messages with your agent.',
        reach: 'planned',
        filters: ['Communication'],
      },
      {
        name: 'Instagram',
        description: 'Answer Instagram direct messages.',
        reach: 'planned',
        filters: ['Communication', 'Marketing'],
      },
    ],
  },
  {
    name: 'Automation',
    entries: [
      { name: 'Zapier', description: 'Connect chat events to 3,000+ apps.', reach: 'planned', filters: ['Analytics'] },
      {
        name: 'Make',
        description: 'Build automated scenarios from chat events.',
        reach: 'planned',
        filters: ['Analytics'],
      },
      { name: 'Automate.io', description: 'Automate workflows from conversations.', reach: 'planned', filters: [] },
    ],
  },
]

/** The catalogue narrowed to a chip; categories left empty disappear. */
export function filterMarketplace(filter: MarketplaceFilter): MarketplaceCategory[] {
  if (filter === 'All') return MARKETPLACE
  return MARKETPLACE.map((category) => ({
    ...category,
    entries: category.entries.filter((entry) => entry.filters.includes(filter)),
  })).filter((category) => category.entries.length > 0)
}
