import type { AuditAction } from '../audit/record-audit-event.ts'
import { recordAuditEvent } from '../audit/record-audit-event.ts'
import { dropAlertEmails } from '../alerts/drop-alert-emails.ts'
import { eraseConversations } from '../conversations/erase-conversations.ts'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { deleteStoredFiles } from '../storage/delete-stored-files.ts'
import { dropWebhookDeliveries } from '../webhooks/drop-webhook-deliveries.ts'
import type { VisitorErasure } from './erasure.schemas.ts'
import { findVisitorData, type VisitorScope } from './visitor-conversations.ts'

export interface EraseVisitorDataOptions {
  storage: FileStorage
  logger: Logger
  actorUserId: string
  scope: VisitorScope
  audit: { action: AuditAction; subject: string }
}

/**
 * The one eraser of a visitor (a lead's, or an address's across an account): in one transaction their
 * leads, conversations with messages, ratings and what the storefront did through them, widget sessions,
 * the webhook deliveries and alert e-mails about them, and the audit line; then, once committed, the
 * files attached to their messages. A CRM push log, when CRM integrations come, is erased here too.
 */
export async function eraseVisitorData(
  database: Database,
  { storage, logger, actorUserId, scope, audit }: EraseVisitorDataOptions,
): Promise<VisitorErasure> {
  const { accountId } = scope
  const { counts, fileKeys, auditEventId } = await database.prisma.$transaction(async (transaction) => {
    const found = await findVisitorData(transaction, scope)
    const leadIds = found.leads.map((lead) => lead.id)
    const erased = await eraseConversations(transaction, { accountId, conversationIds: found.conversationIds })
    const deliveries = await dropWebhookDeliveries(transaction, {
      accountId,
      conversationIds: [],
      leadIds,
      email: scope.email,
      agentIds: scope.agentIds,
    })
    // The new-lead alert's event key: <agent>:<address>:<day>.
    const leadAlerts = await dropAlertEmails(transaction, {
      accountId,
      events: [...new Set(found.leads.map((lead) => `${lead.agentId}:${lead.email}:`))].map((eventKeyStart) => ({
        kind: 'new_lead' as const,
        eventKeyStart,
      })),
    })
    const sessions = await transaction.widgetSession.deleteMany({ where: { id: { in: found.widgetSessionIds } } })
    const leads = await transaction.lead.deleteMany({ where: { id: { in: leadIds }, accountId } })
    const counts = {
      leads_deleted: leads.count,
      conversations_deleted: erased.conversations,
      messages_deleted: erased.messages,
      attachments_deleted: erased.fileKeys.length,
      feedback_deleted: erased.feedback,
      widget_sessions_deleted: sessions.count,
      webhook_deliveries_deleted: erased.webhookDeliveries + deliveries,
      alert_emails_deleted: erased.alertEmails + leadAlerts,
    }
    const event = await recordAuditEvent(transaction, { accountId, actorUserId, ...audit, counts })
    return { counts, fileKeys: erased.fileKeys, auditEventId: event.id }
  })
  const filesDeleted = await deleteStoredFiles(storage, logger, fileKeys)
  logger.info(
    {
      audit_event_id: auditEventId,
      action: audit.action,
      account_id: accountId,
      actor_user_id: actorUserId,
      subject: audit.subject,
      counts,
      files_deleted: filesDeleted,
    },
    'visitor data erased',
  )
  return counts
}
