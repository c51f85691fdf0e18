// The Marketplace tab's static catalogue (SPEC section 2). "configured" is the SPEC's fixed flag, not
// a state read from anywhere. Each entry names the filter chips it answers to.

export const MARKETPLACE_FILTERS = ['All', 'CRM', 'Marketing', 'E-commerce', 'Communication', 'Analytics'] as const
export type MarketplaceFilter = (typeof MARKETPLACE_FILTERS)[number]

interface MarketplaceEntry {
  name: string
  description: string
  configured: boolean
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
        configured: true,
        filters: ['Marketing'],
      },
      {
        name: 'Shopify',
        description: 'Add the chat widget to a Shopify theme.',
        configured: false,
        filters: ['E-commerce'],
      },
      {
        name: 'Webflow',
        description: 'Add the chat widget to a Webflow site.',
        configured: false,
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
        configured: false,
        filters: ['CRM'],
      },
      {
        name: 'HubSpot',
        description: 'Sync contacts and conversations with HubSpot.',
        configured: true,
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
        configured: false,
        filters: ['Communication'],
      },
      {
        name: 'WhatsApp Business',
        description: 'Answer WhatsApp messages with your agent.',
        configured: false,
        filters: ['Communication'],
      },
      {
        name: 'Instagram',
        description: 'Answer Instagram direct messages.',
        configured: false,
        filters: ['Communication', 'Marketing'],
      },
    ],
  },
  {
    name: 'Automation',
    entries: [
      { name: 'Zapier', description: 'Connect chat events to 3,000+ apps.', configured: true, filters: ['Analytics'] },
      {
        name: 'Make',
        description: 'Build automated scenarios from chat events.',
        configured: false,
        filters: ['Analytics'],
      },
      { name: 'Automate.io', description: 'Automate workflows from conversations.', configured: false, filters: [] },
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
