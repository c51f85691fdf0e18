import type { Actor } from '../accounts/actor.ts'
import { maskEmail } from '../audit/mask-email.ts'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import type { VisitorErasure } from './erasure.schemas.ts'
import { eraseVisitorData } from './erase-visitor-data.ts'
import { leadErasureScope } from './lead-erasure-scope.ts'

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
  const { lead, scope } = await leadErasureScope(database, { actor, agentId, leadId })
  return eraseVisitorData(database, {
    storage,
    logger,
    actorUserId: actor.userId,
    scope,
    audit: { action: 'lead.erased', subject: `lead ${lead.id} (${maskEmail(lead.email)}) of agent ${agentId}` },
  })
}
