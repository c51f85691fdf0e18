import type { Actor } from '../accounts/actor.ts'
import { maskEmail } from '../audit/mask-email.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import type { EraseVisitor, VisitorErasure } from './erasure.schemas.ts'
import { eraseVisitorData } from './erase-visitor-data.ts'

export interface EraseVisitorOptions {
  storage: FileStorage
  logger: Logger
  actor: Actor
  request: EraseVisitor
}

const ACCOUNT_NOT_FOUND = 'Account not found'

/**
 * Which agents of the account the actor may erase across: every one for its owner; for an active admin
 * of the account's teams, the agents assigned to those teams (managing a team never reaches further).
 * Anyone else is told the account does not exist.
 */
async function erasableAgentIds(database: Database, actor: Actor, accountId: string): Promise<string[] | null> {
  if (accountId === actor.userId) return null
  const teams = await database.prisma.team.findMany({
    where: { accountId, members: { some: { userId: actor.userId, status: 'active', role: 'admin' } } },
    select: { agents: { where: { accountId }, select: { agentId: true } } },
  })
  if (teams.length === 0) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND)
  return [...new Set(teams.flatMap((team) => team.agents.map((assignment) => assignment.agentId)))]
}

/**
 * Erases everything kept about the visitor with this address across the account's agents
 * (eraseVisitorData): a visitor's erasure request met in one call. An address that matches nothing
 * answers the same shape with zero counts.
 */
export async function eraseVisitor(
  database: Database,
  { storage, logger, actor, request }: EraseVisitorOptions,
): Promise<VisitorErasure> {
  const accountId = request.account_id ?? actor.userId
  const agentIds = await erasableAgentIds(database, actor, accountId)
  return eraseVisitorData(database, {
    storage,
    logger,
    actorUserId: actor.userId,
    scope: { accountId, agentIds, email: request.email, conversationIds: [] },
    audit: { action: 'visitor.erased', subject: maskEmail(request.email) },
  })
}
