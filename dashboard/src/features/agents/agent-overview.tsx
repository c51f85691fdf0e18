import type { Agent } from './agent.types.ts'

export function AgentOverview({ agent }: { agent: Agent }) {
  return <p>{agent.name}</p>
}
