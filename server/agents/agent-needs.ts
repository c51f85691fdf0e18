/** What an operation needs to do with an agent, weakest first (docs/permissions.md). */
export type AgentNeed = 'read' | 'chat' | 'edit' | 'manage'
