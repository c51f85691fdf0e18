import type { Agent } from '../agents/agent.types.ts'

export function AgentChatTab({ agent }: { agent: Agent }) {
  return <p>{agent.name}</p>
}
