import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { ERASURE_MESSAGES } from './erasure.schemas.ts'
import type { VisitorScope } from './visitor-conversations.ts'

export interface LeadErasureScopeOptions {
  actor: Actor
  agentId: string
  leadId: string
}

/** The lead (404 for another agent's) and its visitor's scope within the agent, for those who edit it. */
export async function leadErasureScope(database: Database, { actor, agentId, leadId }: LeadErasureScopeOptions) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const lead = await database.prisma.lead.findFirst({ where: { id: leadId, agentId, accountId: agent.accountId } })
  if (!lead) throw new AppError('NOT_FOUND', ERASURE_MESSAGES.leadNotFound)
  const scope: VisitorScope = {
    accountId: agent.accountId,
    agentIds: [agentId],
    email: lead.email,
    conversationIds: lead.conversationId ? [lead.conversationId] : [],
  }
  return { lead, scope }
}
