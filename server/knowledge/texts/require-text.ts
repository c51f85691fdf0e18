import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess, type AgentNeed } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { Text } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'

export const TEXT_NOT_FOUND = 'Text not found'

export interface RequireTextOptions {
  actor: Actor
  agentId: string
  textId: string
  need: AgentNeed
}

/** A text of an agent the actor may use as `need` says; 404 otherwise. */
export async function requireText(
  database: Database,
  { actor, agentId, textId, need }: RequireTextOptions,
): Promise<Text> {
  await requireAgentAccess(database, { actor, agentId, need })
  const text = await database.prisma.text.findFirst({ where: { id: textId, agentId } })
  if (!text) throw new AppError('NOT_FOUND', TEXT_NOT_FOUND)
  return text
}
