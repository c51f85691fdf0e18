import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { attachmentKeysOf } from '../conversations/attachment-keys.ts'
import { requireAgentAccess } from './require-agent-access.ts'

export interface DeleteAgentOptions {
  storage: FileStorage
  logger: Logger
  actor: Actor
  agentId: string
}

/** Deletes the agent with all its knowledge, conversations and widgets (cascades), then its files (visitors' attachments included). */
export async function deleteAgent(database: Database, { storage, logger, actor, agentId }: DeleteAgentOptions) {
  await requireAgentAccess(database, { actor, agentId, need: 'manage' })
  const fileKeys = await database.prisma.$transaction(async (transaction) => {
    const [documents, integrations, attachments] = await Promise.all([
      transaction.document.findMany({ where: { agentId }, select: { storageKey: true } }),
      transaction.widgetIntegration.findMany({
        where: { agentId, websiteLogoKey: { not: null } },
        select: { websiteLogoKey: true },
      }),
      attachmentKeysOf(transaction, { agentId }),
    ])
    await transaction.agent.delete({ where: { id: agentId } })
    return [
      ...documents.map((document) => document.storageKey),
      ...integrations.map((integration) => integration.websiteLogoKey),
      ...attachments,
    ]
  })
  for (const key of fileKeys) {
    if (key)
      await storage
        .delete(key)
        .catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete a file of a deleted agent'))
  }
}
