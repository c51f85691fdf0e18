import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess, type AgentNeed } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { Website } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'

export const WEBSITE_NOT_FOUND = 'Website not found'

export interface RequireWebsiteOptions {
  actor: Actor
  agentId: string
  websiteId: string
  need: AgentNeed
}

export async function requireWebsite(
  database: Database,
  { actor, agentId, websiteId, need }: RequireWebsiteOptions,
): Promise<Website> {
  await requireAgentAccess(database, { actor, agentId, need })
  const website = await database.prisma.website.findFirst({ where: { id: websiteId, agentId } })
  if (!website) throw new AppError('NOT_FOUND', WEBSITE_NOT_FOUND)
  return website
}
