// Query keys more than one feature invalidates: what a change elsewhere makes stale.

/** The Dashboard's reads (stats, engagement, recent chats): stale after agents, conversations or messages change. */
export const DASHBOARD_KEY = ['dashboard'] as const
