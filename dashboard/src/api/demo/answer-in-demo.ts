// Demo mode's answers (SPEC section 4): every call answers canned data after 500 ms. Reads find the
// data of demo-data.ts; changes are accepted but not kept, and say so.
import { ALERT_KINDS } from '#server/alerts/alert-kinds.ts'
import type { RequestOptions } from '../api-client.ts'
import { DEMO_NOTIFICATIONS, DEMO_PLANS, DEMO_SUBSCRIPTION, DEMO_SUBSCRIPTION_HISTORY } from './demo-billing.ts'
import {
  DEMO_AGENTS,
  DEMO_API_KEYS,
  DEMO_CONVERSATIONS,
  DEMO_DOCUMENTS,
  DEMO_ENGAGEMENT,
  DEMO_INTEGRATIONS,
  DEMO_LEADS,
  DEMO_MESSAGES,
  DEMO_RECENT_CHATS,
  DEMO_STATS,
  DEMO_TEAM_AGENTS,
  DEMO_TEAM_MEMBERS,
  DEMO_TEAMS,
  DEMO_TEXTS,
  DEMO_USER,
  DEMO_WEBSITES,
} from './demo-data.ts'

export const DEMO_DELAY_MS = 500
export const DEMO_CHANGE_MESSAGE = 'Demo mode: changes are not saved.'

type Json = Record<string, unknown>

const page = (items: unknown[]) => ({ page: 1, page_size: items.length, total_count: items.length, total_pages: 1 })
const envelope = (items: unknown[]) => ({ data: items, total: items.length, page: 1, limit: 50, total_pages: 1 })
const demoTokens = {
  access: 'demo-access-token',
  refresh: 'demo-refresh-token',
  access_expires_at: '2099-01-01T00:00:00.000Z',
}

/** Reads, by path pattern; the first that matches answers. */
const READS: [RegExp, (match: RegExpMatchArray, query: URLSearchParams) => unknown][] = [
  [/^\/accounts\/csrf\/$/, () => ({ csrfToken: 'demo', 'X-CSRFToken': 'demo' })],
  [/^\/accounts\/profile\/$/, () => DEMO_USER],
  [/^\/accounts\/google-login\/$/, () => ({ enabled: false })],
  [/^\/accounts\/team\/$/, () => ({ teams: DEMO_TEAMS })],
  [/^\/accounts\/team\/members\/$/, () => ({ team_members: DEMO_TEAM_MEMBERS })],
  [/^\/accounts\/team\/agents\/$/, () => ({ agents: DEMO_TEAM_AGENTS })],
  [/^\/dashboard\/api\/stats\/$/, () => DEMO_STATS],
  [/^\/dashboard\/api\/engagement\/$/, () => DEMO_ENGAGEMENT],
  [/^\/dashboard\/api\/recent-chats\/$/, () => DEMO_RECENT_CHATS],
  [/^\/agents\/$/, () => ({ agents: DEMO_AGENTS, pagination: page(DEMO_AGENTS) })],
  [
    /^\/agents\/([^/]+)\/documents\/$/,
    () => ({ documents: DEMO_DOCUMENTS, pagination: page(DEMO_DOCUMENTS), pending_count: 0 }),
  ],
  [/^\/agents\/([^/]+)\/texts\/$/, () => ({ texts: DEMO_TEXTS, pagination: page(DEMO_TEXTS), pending_count: 0 })],
  [
    /^\/agents\/([^/]+)\/websites\/$/,
    () => ({ websites: DEMO_WEBSITES, pagination: page(DEMO_WEBSITES), pending_count: 0 }),
  ],
  [/^\/accounts\/api-keys\/$/, () => ({ api_keys: DEMO_API_KEYS })],
  [/^\/agents\/([^/]+)\/leads\/$/, () => ({ leads: DEMO_LEADS, pagination: page(DEMO_LEADS) })],
  [
    /^\/agents\/([^/]+)\/integrations\/frontend\/$/,
    (match) => ({ integrations: DEMO_INTEGRATIONS.filter((item) => item.agent_id === match[1]) }),
  ],
  [/^\/agents\/([^/]+)\/$/, (match) => DEMO_AGENTS.find((item) => item.agent_id === match[1]) ?? DEMO_AGENTS[0]],
  [/^\/conversations\/index\/$/, (_match, query) => envelope(filterConversations(query))],
  [/^\/conversations\/[^/]+\/[^/]+\/messages\/$/, () => envelope(DEMO_MESSAGES)],
  [
    /^\/conversations\/([^/]+)\/([^/]+)\/check-active\/$/,
    (match) => ({ is_active: true, conversation_id: match[2], agent_id: match[1], status: 'active' }),
  ],
  [/^\/conversations\/([^/]+)\/$/, (_match, query) => envelope(filterConversations(query))],
  [/^\/subscriptions\/plans\/$/, () => DEMO_PLANS],
  [/^\/plans\/get-user-subscription\/$/, () => DEMO_SUBSCRIPTION],
  [/^\/plans\/get-user-subscription-history\/$/, () => ({ subscriptions: DEMO_SUBSCRIPTION_HISTORY })],
  [/^\/notifications\/$/, () => ({ notifications: DEMO_NOTIFICATIONS })],
  [/^\/accounts\/email-setup\/$/, () => ({ email_delivery: 'smtp' })],
  [
    /^\/accounts\/email-alerts\/$/,
    () => ({ alerts: ALERT_KINDS.map((kind) => ({ kind, enabled: kind !== 'usage_warning' })) }),
  ],
  [
    /^\/dashboard\/api\/server-setup\/$/,
    () => ({ ai_model: 'demo', embeddings: true, billing_mode: 'enforced', email_delivery: 'smtp' }),
  ],
]

function filterConversations(query: URLSearchParams) {
  const filter = query.get('filter') ?? 'all'
  const search = (query.get('search') ?? '').toLowerCase()
  return DEMO_CONVERSATIONS.filter((item) =>
    filter === 'archived'
      ? item.is_archived
      : filter === 'favorite'
        ? item.is_favorite && !item.is_archived
        : !item.is_archived,
  ).filter(
    (item) => !search || item.name.toLowerCase().includes(search) || item.last_message.toLowerCase().includes(search),
  )
}

function answerChange(path: string): Json {
  if (/^\/accounts\/(login|register|google-login)\/$/.test(path))
    return { user: DEMO_USER, message: 'Signed in to the demo', tokens: demoTokens }
  if (path === '/accounts/token/refresh/') return { access_token: demoTokens.access, refresh_token: demoTokens.refresh }
  return { message: DEMO_CHANGE_MESSAGE }
}

export function answerInDemo(path: string, request: RequestOptions): Promise<Json> {
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  )
  let answer: unknown = null
  if ((request.method ?? 'GET') === 'GET') {
    for (const [pattern, read] of READS) {
      const match = path.match(pattern)
      if (match) {
        answer = read(match, query)
        break
      }
    }
    answer ??= {}
  } else {
    answer = answerChange(path)
  }
  return new Promise((resolve) => setTimeout(() => resolve(answer as Json), DEMO_DELAY_MS))
}
