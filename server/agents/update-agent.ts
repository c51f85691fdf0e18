import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { UpdateAgent } from './agents.schemas.ts'
import { AGENT_VIEW_INCLUDE, toAgentView } from './agent-view.ts'
import { requireAgentAccess } from './require-agent-access.ts'

export interface UpdateAgentOptions {
  actor: Actor
  agentId: string
  changes: UpdateAgent
}

export async function updateAgent(database: Database, { actor, agentId, changes }: UpdateAgentOptions) {
  await requireAgentAccess(database, { actor, agentId, need: 'manage' })
  const updated = await database.prisma.agent.update({
    where: { id: agentId },
    data: {
      name: changes.name,
      description: changes.description === undefined ? undefined : changes.description || null,
      visibility: changes.visibility,
      avatarUrl: changes.avatar_url,
      isFavorite: changes.is_favorite,
      isArchived: changes.is_archived,
      isActive: changes.is_active,
      autoEmbed: changes.auto_embed,
      instructions: changes.instructions,
      llmModel: changes.llm_model,
      llmTemperature: changes.llm_temperature,
      llmMaxTokens: changes.llm_max_tokens,
    },
    include: AGENT_VIEW_INCLUDE,
  })
  return toAgentView(updated, actor.userId)
}
