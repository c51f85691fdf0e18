import type { Database } from '../db/database.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { attachmentKeysOf } from '../conversations/attachment-keys.ts'
import type { DeleteAccount } from './accounts.schemas.ts'
import { requireDashboardSignIn, type Actor } from './actor.ts'
import { confirmPassword } from './confirm-password.ts'
import { requireUser } from './require-user.ts'

export interface DeleteAccountOptions {
  storage: FileStorage
  logger: Logger
  actor: Actor
  confirmation: DeleteAccount
}

/**
 * Deletes the account and everything it owns, confirmed by the password. One transaction removes the
 * rows (agents, knowledge, conversations, integrations, teams, its memberships in others' teams,
 * sessions, through the schema's cascades); the files go afterwards, so a storage failure can never
 * leave rows pointing at missing files, only orphan files, which are logged.
 */
export async function deleteAccount(
  database: Database,
  { storage, logger, actor, confirmation }: DeleteAccountOptions,
) {
  requireDashboardSignIn(actor)
  const user = await requireUser(database, actor)
  await confirmPassword(user, confirmation.password)
  const fileKeys = await database.prisma.$transaction(async (transaction) => {
    const [documents, integrations, attachments] = await Promise.all([
      transaction.document.findMany({ where: { accountId: user.id }, select: { storageKey: true } }),
      transaction.widgetIntegration.findMany({
        where: { accountId: user.id, websiteLogoKey: { not: null } },
        select: { websiteLogoKey: true },
      }),
      attachmentKeysOf(transaction, { accountId: user.id }),
    ])
    await transaction.user.delete({ where: { id: user.id } })
    return [
      user.profileImageKey,
      ...documents.map((document) => document.storageKey),
      ...integrations.map((integration) => integration.websiteLogoKey),
      ...attachments,
    ]
  })
  for (const key of fileKeys) {
    if (!key) continue
    await storage
      .delete(key)
      .catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete a file of a deleted account'))
  }
}
