import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import { maskEmail } from '../audit/mask-email.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { ERASURE_MESSAGES, type VisitorErasure } from './erasure.schemas.ts'
import { eraseVisitorData } from './erase-visitor-data.ts'

export interface EraseLeadOptions {
  storage: FileStorage
  logger: Logger
  actor: Actor
  agentId: string
  leadId: string
}

/**
 * Erases a lead and everything the agent keeps about that visitor (eraseVisitorData, within this agent),
 * for those who edit the agent: a visitor's erasure request met without deleting the agent.
 */
export async function eraseLead(
  database: Database,
  { storage, logger, actor, agentId, leadId }: EraseLeadOptions,
): Promise<VisitorErasure> {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const lead = await database.prisma.lead.findFirst({ where: { id: leadId, agentId, accountId: agent.accountId } })
  if (!lead) throw new AppError('NOT_FOUND', ERASURE_MESSAGES.leadNotFound)
  return eraseVisitorData(database, {
    storage,
    logger,
    actorUserId: actor.userId,
    scope: {
      accountId: agent.accountId,
      agentIds: [agentId],
      email: lead.email,
      conversationIds: lead.conversationId ? [lead.conversationId] : [],
    },
    audit: { action: 'lead.erased', subject: `lead ${lead.id} (${maskEmail(lead.email)}) of agent ${agentId}` },
  })
}
