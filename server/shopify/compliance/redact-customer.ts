import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { SHOPIFY_WEBHOOK_JOB } from '../jobs/shopify-job-kinds.ts'
import { eraseConversations } from '../../conversations/erase-conversations.ts'
import { deleteStoredFiles } from '../../storage/delete-stored-files.ts'
import { customerConversationsWhere, shopAgentIds, type ShopCustomer } from './shop-data-scope.ts'

export interface RedactCustomerOptions {
  database: Database
  storage: FileStorage
  logger: Logger
  shopDomain: string
  customer: ShopCustomer
  /** The webhook job doing this: its own payload loses the customer's e-mail at the end. */
  currentJobId?: string
}

/**
 * customers/redact: deletes one customer's conversations with the shop through the one conversation eraser,
 * the leads they left (in those chats, or under their address with the shop's agents)
 * (their messages with them, the products they were shown, put in a cart and bought through them, the
 * webhook deliveries and alert e-mails about them), the files attached to those messages, the widget sessions tied to the customer, and the answers
 * to earlier data requests about them. Other customers, and other accounts, are untouched.
 */
export async function redactCustomer({
  database,
  storage,
  logger,
  shopDomain,
  customer,
  currentJobId,
}: RedactCustomerOptions) {
  const shop = await database.prisma.shopifyShop.findUnique({ where: { shopDomain } })
  // Worked out before the transaction: the embedded database has one connection, which the transaction holds.
  const agentIds = shop ? await shopAgentIds(database, shop) : []
  const where = shop ? await customerConversationsWhere(database, { shop, agentIds, customer }) : null
  const removed =
    shop && where
      ? await database.prisma.$transaction(async (transaction) => {
          const ids = (await transaction.conversation.findMany({ where, select: { id: true } })).map(
            (conversation) => conversation.id,
          )
          // The leads the customer left in those chats, or under their address with the shop's agents.
          const leads = await transaction.lead.deleteMany({
            where: {
              accountId: shop.accountId,
              OR: [
                { conversationId: { in: ids } },
                ...(customer.email ? [{ agentId: { in: agentIds }, email: customer.email.trim().toLowerCase() }] : []),
              ],
            },
          })
          // The shared eraser: messages, ratings, what the chats showed, carted and sold, webhooks and alerts about them.
          const erased = await eraseConversations(transaction, { accountId: shop.accountId, conversationIds: ids })
          const sessions = await transaction.widgetSession.deleteMany({
            where: { accountId: shop.accountId, shopifyCustomerId: customer.id },
          })
          return {
            conversations: erased.conversations,
            leads: leads.count,
            messages: erased.messages,
            widgetSessions: sessions.count,
            fileKeys: erased.fileKeys,
          }
        })
      : { conversations: 0, leads: 0, messages: 0, widgetSessions: 0, fileKeys: [] }
  const dataRequests = await database.prisma.$executeRaw`
    delete from jobs
    where kind = ${SHOPIFY_WEBHOOK_JOB} and status in ('succeeded', 'failed') and payload->>'topic' = 'customers/data_request'
      and payload->>'shop' = ${shopDomain} and payload->'payload'->'customer'->>'id' = ${customer.id}`
  if (currentJobId) {
    await database.prisma
      .$executeRaw`update jobs set payload = jsonb_set(payload, '{payload,customer,email}', 'null'::jsonb, false) where id = ${currentJobId}::uuid`
  }
  const files = await deleteStoredFiles(storage, logger, removed.fileKeys)
  return {
    conversations_deleted: removed.conversations,
    leads_deleted: removed.leads,
    messages_deleted: removed.messages,
    attachments_deleted: files,
    widget_sessions_deleted: removed.widgetSessions,
    data_request_records_deleted: dataRequests,
  }
}
