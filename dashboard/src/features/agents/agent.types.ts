// The agent as the API answers it: the server's own contract (server/agents/agents.schemas.ts), not a copy.
export type { AgentView as Agent, Pagination } from '#server/agents/agents.schemas.ts'
