// The canned data of demo mode (SPEC section 4): a small, believable account that every screen can
// show while the server cannot be reached. Nothing here is ever sent anywhere. Each item has the shape
// its call answers (the server's schemas), so a screen meets in demo mode what it meets for real.
import type { LeadView } from '#server/leads/leads.schemas.ts'
import type { ApiKeyView } from '#server/accounts/api-keys/api-keys.schemas.ts'
import type { AgentView } from '#server/agents/agents.schemas.ts'
import type { ConversationView, MessageView } from '#server/conversations/conversations.schemas.ts'
import type { DocumentView, TextView, WebsiteView } from '#server/knowledge/knowledge.schemas.ts'
import type { DashboardStats, Engagement, RecentChats } from '#server/stats/stats.schemas.ts'
import type { TeamAgentView, TeamMemberView, TeamRole, TeamView } from '#server/teams/teams.schemas.ts'
import type { WidgetIntegrationView } from '#server/widgets/widgets.schemas.ts'

const day = 86_400_000
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString()

export const DEMO_USER = {
  id: 'demo-user',
  email: 'demo@example.com',
  full_name: 'Demo User',
  profile_image: null,
  date_joined: at(120),
  has_password: true,
  has_google: false,
  email_verified: true,
  pending_email: null,
}

const agent = (
  id: string,
  name: string,
  description: string,
  conversations: number,
  teams: string[],
  daysAgo: number,
): AgentView => ({
  agent_id: id,
  id,
  name,
  description,
  visibility: 'private',
  avatar_url: null,
  is_favorite: id === 'demo-agent-1',
  is_archived: false,
  is_active: id !== 'demo-agent-3',
  auto_embed: true,
  instructions: null,
  llm_model: null,
  llm_temperature: null,
  llm_max_tokens: null,
  conversation_count: conversations,
  no_of_conversations: conversations,
  documents_summary: { total_documents: 2 },
  created_at: at(daysAgo),
  updated_at: at(1),
  no_of_documents: 2,
  no_of_texts: 3,
  no_of_websites: 1,
  teams,
  no_of_team_members: teams.length * 3,
  is_owner: true,
  permissions: ['read', 'chat', 'edit', 'manage'],
})

export const DEMO_AGENTS = [
  agent(
    'demo-agent-1',
    'Support Assistant',
    'Answers questions about orders, shipping and returns.',
    42,
    ['Support'],
    60,
  ),
  agent('demo-agent-2', 'Sales Helper', 'Helps visitors choose the right plan.', 17, ['Sales', 'Support'], 30),
  agent('demo-agent-3', 'Onboarding Guide', '', 5, [], 7),
  agent('demo-agent-4', 'Returns Desk', 'Handles return and exchange requests.', 812, ['Support'], 90),
  agent('demo-agent-5', 'FAQ Bot', 'Answers the most common questions from the help centre.', 382, [], 45),
]

export const DEMO_STATS: DashboardStats = {
  // SPEC section 9: the demo dashboard's figures.
  totalAgents: 5,
  totalConversations: 1258,
  activeConversations: 48,
  totalMessages: 3425,
  trends: { conversations: { value: 12, isPositive: true }, messages: { value: 4, isPositive: false } },
  satisfaction: { rate: 86, ratings: 214 },
}

export const DEMO_ENGAGEMENT: Engagement = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((name, index) => ({
  name,
  conversations: [9, 12, 7, 14, 11, 5, 6][index] ?? 0,
  responses: [30, 41, 22, 47, 38, 15, 19][index] ?? 0,
}))

export const DEMO_CONVERSATIONS: ConversationView[] = (
  [
    {
      id: 'demo-conversation-1',
      name: 'Where is my order?',
      last_message: 'Your order ships within 2 business days [1].',
      unread: 1,
      status: 'active',
      is_favorite: true,
      is_archived: false,
      days: 0,
    },
    {
      id: 'demo-conversation-2',
      name: 'Return policy',
      last_message: 'You can return items within 30 days [1].',
      unread: 0,
      status: 'completed',
      is_favorite: false,
      is_archived: false,
      days: 2,
    },
    {
      id: 'demo-conversation-3',
      name: 'Old question',
      last_message: 'Thanks!',
      unread: 0,
      status: 'completed',
      is_favorite: false,
      is_archived: true,
      days: 9,
    },
  ] as const
).map(({ days, ...conversation }) => ({
  ...conversation,
  conversation_id: conversation.id,
  timestamp: at(days),
  agent_id: 'demo-agent-1',
  agent_name: 'Support Assistant',
  channel: 'dashboard' as const,
  is_active: conversation.status !== 'completed',
  is_deleted: false,
  created_at: at(days + 1),
  updated_at: at(days),
  person: null,
  person_requested_at: null,
  visitor: null,
}))

export const DEMO_RECENT_CHATS: RecentChats = DEMO_CONVERSATIONS.slice(0, 5).map((conversation) => ({
  id: conversation.id,
  name: conversation.name,
  lastMessage: conversation.last_message,
  timestamp: conversation.timestamp,
  unread: conversation.unread,
  status: conversation.status,
  agent_id: conversation.agent_id,
  agent_name: conversation.agent_name,
}))

export const DEMO_MESSAGES: MessageView[] = (
  [
    { message_id: 'demo-message-1', sender_type: 'ai', message_text: 'Hello! How can I help you today?', minutes: 12 },
    { message_id: 'demo-message-2', sender_type: 'user', message_text: 'Where is my order?', minutes: 11 },
    {
      message_id: 'demo-message-3',
      sender_type: 'ai',
      message_text: 'Your order ships within 2 business days [1]. Track it at https://example.com/track.',
      minutes: 10,
    },
  ] as const
).map(({ minutes, ...message }) => ({
  ...message,
  sender_name: null,
  feedback: message.sender_type === 'ai' ? { yours: null, visitor: null } : null,
  conversation_id: 'demo-conversation-1',
  timestamp: new Date(Date.now() - minutes * 60_000).toISOString(),
  is_read: true,
  is_deleted: false,
  is_archived: false,
  message_link: null,
  attachments: [],
  product_ids: [],
  products: [],
  sources:
    message.message_id === 'demo-message-3'
      ? [
          {
            number: 1,
            title: 'Shipping policy',
            url: null,
            source_type: 'text',
            document_id: null,
            text_id: 'demo-text-1',
            website_id: null,
            page: null,
            snippet: 'Orders ship within 2 business days.',
          },
        ]
      : [],
  reply_to: message.message_id === 'demo-message-3' ? 'demo-message-2' : null,
  edited_at: null,
  versions: null,
  answer_failed: false,
  answer_failure: null,
  partial_answer: null,
  usage: message.sender_type === 'ai' ? { model: null, prompt_tokens: 0, completion_tokens: 0 } : null,
}))

const demoItem = (id: string, daysAgo: number) => ({
  id,
  agent_id: 'demo-agent-1',
  status_error: null,
  embedded: true,
  embedded_at: at(daysAgo),
  created_at: at(daysAgo),
  updated_at: at(daysAgo),
  job: null,
})

export const DEMO_TEXTS: TextView[] = [
  {
    ...demoItem('demo-text-1', 20),
    text_id: 'demo-text-1',
    text_title: 'Shipping policy',
    text_content: 'Orders ship within 2 business days.',
    text_description: null,
    text_tags: [],
    meta_data: {},
    status: 'ready',
  },
]
export const DEMO_DOCUMENTS: DocumentView[] = [
  {
    ...demoItem('demo-document-1', 15),
    document_id: 'demo-document-1',
    document_name: 'Catalogue.pdf',
    document_format: 'pdf',
    document_url: '',
    document_size: '1.2 MB',
    document_size_bytes: 1_258_291,
    document_description: null,
    document_language: 'en',
    document_tags: [],
    meta_data: {},
    file_type_icon: 'pdf',
    page_count: 12,
    status: 'ready',
    is_expired: false,
  },
]
export const DEMO_WEBSITES: WebsiteView[] = [
  {
    ...demoItem('demo-website-1', 10),
    website_id: 'demo-website-1',
    website_name: 'Help centre',
    website_url: 'https://example.com/help',
    content_status: 'available',
    crawling: false,
    pages_found: 24,
    pages_crawled: 24,
    max_pages: 50,
    max_depth: 3,
    include_patterns: [],
    exclude_patterns: [],
    recrawl_interval_hours: null,
    next_crawl_at: null,
    last_crawled_at: at(10),
  },
]

export const DEMO_TEAMS: TeamView[] = [
  {
    team_id: 'demo-team-1',
    team_name: 'Support',
    team_created_at: at(50),
    team_updated_at: at(50),
    agent_count: 2,
    team_member_count: 3,
    my_role: 'owner',
    team_owner_name: 'Demo User',
  },
]

export const DEMO_TEAM_MEMBERS: TeamMemberView[] = (
  [
    ['Grace Hopper', 'grace@example.com', 'admin', 'active'],
    ['Alan Turing', 'alan@example.com', 'member', 'active'],
    ['Katherine Johnson', 'katherine@example.com', 'viewer', 'pending'],
  ] as const satisfies [string, string, TeamRole, TeamMemberView['team_member_status']][]
).map(([name, email, role, status], index) => ({
  team_member_id: `demo-member-${index + 1}`,
  team_id: 'demo-team-1',
  team_member_name: name,
  team_member_email: email,
  team_member_role: role,
  team_member_status: status,
  team_member_invited_at: status === 'pending' ? at(2) : null,
  team_member_created_at: at(40 - index),
  team_member_updated_at: at(40 - index),
}))

export const DEMO_TEAM_AGENTS: TeamAgentView[] = DEMO_AGENTS.slice(0, 2).map((agent) => ({
  agent_id: agent.agent_id,
  agent_name: agent.name,
  agent_created_at: agent.created_at,
  agent_updated_at: agent.updated_at,
}))

/** The API tab's keys: one of each environment, masked as the server lists them. */
export const DEMO_API_KEYS: ApiKeyView[] = [
  {
    key_id: 'demo-key-production',
    name: 'Order sync',
    environment: 'production',
    masked_key: `adk_live_${'•'.repeat(12)}q7Xa`,
    created_at: at(20),
    last_used_at: at(1),
  },
  {
    key_id: 'demo-key-development',
    name: 'Staging',
    environment: 'development',
    masked_key: `adk_test_${'•'.repeat(12)}M2cd`,
    created_at: at(8),
    last_used_at: null,
  },
]

export const DEMO_INTEGRATIONS: WidgetIntegrationView[] = [
  {
    client_key: 'demo-client-key',
    integration_id: 'demo-client-key',
    agent_id: 'demo-agent-1',
    website_name: 'Example Store',
    website_domain: 'example.com',
    website_logo: null,
    start_message: 'Hello! How can I help you today?',
    widget_position: 'bottom-right',
    widget_color: '#6366f1',
    auto_open_chat: false,
    collect_user_email: false,
    enable_attachments: true,
    show_branding: true,
    allow_subdomains: false,
    daily_token_budget: null,
    human_handoff: false,
    handoff_wait_minutes: 3,
    handoff_reply_time: 'within one business day',
    identity_verification: false,
    bot_name: 'Assistant',
    is_active: true,
    created_at: at(5),
    updated_at: at(5),
  },
]

export const DEMO_LEADS: LeadView[] = [
  ['ana@example.com', 'Ana Souza', 'https://shop.example.com/pricing', 1],
  ['li.wei@example.com', null, 'https://shop.example.com/returns', 3],
  ['sam@example.org', 'Sam Park', null, 6],
].map(([email, name, page, days], index) => ({
  lead_id: `demo-lead-${index + 1}`,
  email: email as string,
  name: name as string | null,
  page_url: page as string | null,
  website_name: 'Demo Shop',
  conversation_id: null,
  created_at: at(days as number),
}))
