import { conversationAttachmentKeys } from '../conversations/conversation-attachment-keys.ts'
import type { Database } from '../db/database.ts'
import type { LeadErasurePreview } from './erasure.schemas.ts'
import { leadErasureScope, type LeadErasureScopeOptions } from './lead-erasure-scope.ts'
import { findVisitorData } from './visitor-conversations.ts'

/** What erasing the lead would delete, for the confirmation that names it; nothing is changed. */
export async function previewLeadErasure(
  database: Database,
  options: LeadErasureScopeOptions,
): Promise<LeadErasurePreview> {
  const { scope } = await leadErasureScope(database, options)
  return database.prisma.$transaction(async (transaction) => {
    const found = await findVisitorData(transaction, scope)
    const ids = found.conversationIds
    const [messages, attachments] = await Promise.all([
      transaction.message.count({ where: { conversationId: { in: ids } } }),
      conversationAttachmentKeys(transaction, ids),
    ])
    return {
      leads: found.leads.length,
      conversations: ids.length,
      messages,
      attachments: attachments.length,
    }
  })
}
