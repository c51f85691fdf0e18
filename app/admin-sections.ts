// The embedded app's navigation: the same areas as the standalone dashboard.
export const ADMIN_SECTIONS = [
  { path: 'knowledge', title: 'Knowledge' },
  { path: 'playground', title: 'Playground' },
  { path: 'conversations', title: 'Conversations' },
  { path: 'widget', title: 'Widget' },
  { path: 'teams', title: 'Teams' },
  { path: 'usage', title: 'Usage' },
  { path: 'plans', title: 'Plans' },
] as const

export const APP_HOME = '/shopify/app'
