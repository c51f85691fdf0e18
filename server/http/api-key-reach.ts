// What an account API key reaches: the one table authenticate() consults, mirrored by the table in
// docs/api/accounts.md (decision 038). Touch it to open or close a group of calls to keys, never elsewhere.

/** A group of signed-in calls: the route patterns it begins with, and whether a key may make them. */
export interface ApiKeyReach {
  /** What the calls are, as docs/api/accounts.md's table names them. */
  calls: string
  /** Route patterns (Express's, under /api) the group's routes begin with. */
  routes: readonly string[]
  takesKey: boolean
}

/**
 * In order: the first group whose pattern begins a route's pattern decides. A signed-in route that no
 * group names refuses keys, so a new call is closed to them until it is added here.
 */
export const API_KEY_REACH: readonly ApiKeyReach[] = [
  {
    calls: 'Widget integrations (client keys, identity secrets)',
    routes: ['/api/agents/:agentId/integrations/'],
    takesKey: false,
  },
  {
    calls: 'Messaging channels (WhatsApp, Messenger, Instagram: their Meta tokens)',
    routes: ['/api/agents/:agentId/channels/'],
    takesKey: false,
  },
  {
    calls:
      'Agents and their knowledge: texts, documents, websites, embeddings and jobs; leads, improvements, conversation exports',
    routes: ['/api/agents/'],
    takesKey: true,
  },
  {
    calls: 'Conversations: chats, messages, ratings, hand-offs and live takeover',
    routes: ['/api/conversations/'],
    takesKey: true,
  },
  { calls: 'Custom webhook events', routes: ['/api/webhooks/events/'], takesKey: true },
  { calls: 'Webhook endpoints and their delivery logs', routes: ['/api/webhooks/endpoints/'], takesKey: false },
  {
    calls: 'The account: API keys, profile, password, e-mail, alerts, sign-out, the team and its members',
    routes: ['/api/accounts/'],
    takesKey: false,
  },
  {
    calls: 'Billing: plans, subscriptions, usage, credits, notifications',
    routes: ['/api/plans/', '/api/subscriptions/', '/api/notifications/'],
    takesKey: false,
  },
  { calls: 'Dashboard figures', routes: ['/api/dashboard/'], takesKey: false },
]

/** The group a route pattern (`/api/agents/:agentId/`) belongs to; undefined for one no group names. */
export function apiKeyReachOf(routePattern: string): ApiKeyReach | undefined {
  return API_KEY_REACH.find(({ routes }) => routes.some((prefix) => routePattern.startsWith(prefix)))
}

/** Whether an API key may make the call of this route pattern. */
export function takesApiKey(routePattern: string): boolean {
  return apiKeyReachOf(routePattern)?.takesKey ?? false
}
