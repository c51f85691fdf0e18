// Query keys more than one feature invalidates: what a change elsewhere makes stale.

/** The Dashboard's reads (stats, engagement, recent chats): stale after agents, conversations or messages change. */
export const DASHBOARD_KEY = ['dashboard'] as const

/** The header bell's notifications (billing and waiting visitors): refreshed when a conversation is read. */
export const NOTIFICATIONS_KEY = ['billing', 'notifications'] as const

/** Every knowledge list of an agent (documents, texts, websites): refreshed together when one changes. */
export const agentKnowledgeKey = (agentId: string) => ['agents', agentId, 'knowledge'] as const
