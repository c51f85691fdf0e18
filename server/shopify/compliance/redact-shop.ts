import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { attachmentKeysOf } from '../../conversations/attachment-keys.ts'
import { SHOPIFY_WEBHOOK_JOB } from '../jobs/shopify-job-kinds.ts'
import { conversationAttachmentKeys } from '../../conversations/conversation-attachment-keys.ts'
import { deleteStoredFiles } from '../../storage/delete-stored-files.ts'
import { shopAgentIds, shopConversationsWhere } from './shop-data-scope.ts'

export interface RedactShopOptions {
  database: Database
  storage: FileStorage
  logger: Logger
  shopDomain: string
  /** The webhook job doing this: every other webhook job of the shop is deleted. */
  currentJobId?: string
}

/**
 * shop/redact (48 hours after uninstall): deletes everything this app holds for the shop, inside the
 * shop's account only:
 * - the shop's agents (the storefront's agent and every agent holding its store knowledge) with all
 *   they own: documents, texts, websites, sections, chunks and vectors, conversations and messages,
 *   widget integrations and their visitor sessions, team assignments, jobs, store mappings and imports;
 * - the shop's other conversations (its widget's, or from the storefront) and the shop's widget integration;
 * - the stored files of all of these (documents, widget logos, attachments);
 * - the shop's Shopify sessions, the shop row itself, and the shop's webhook jobs.
 * The account stays: it may sign in by e-mail and own other agents.
 */
export async function redactShop({ database, storage, logger, shopDomain, currentJobId }: RedactShopOptions) {
  const shop = await database.prisma.shopifyShop.findUnique({ where: { shopDomain } })
  const agentIds = shop ? await shopAgentIds(database, shop) : []
  const removed = shop
    ? await database.prisma.$transaction(async (transaction) => {
        const agents = { id: { in: agentIds }, accountId: shop.accountId }
        const ofAgents = { agentId: { in: agentIds }, accountId: shop.accountId }
        const conversations = await transaction.conversation.findMany({
          where: shopConversationsWhere(shop, agentIds),
          select: { id: true },
        })
        const conversationIds = conversations.map((conversation) => conversation.id)
        const integrationWhere = {
          accountId: shop.accountId,
          OR: [{ agentId: { in: agentIds } }, ...(shop.widgetIntegrationId ? [{ id: shop.widgetIntegrationId }] : [])],
        }
        const [documents, integrations, counts] = await Promise.all([
          transaction.document.findMany({ where: ofAgents, select: { storageKey: true } }),
          transaction.widgetIntegration.findMany({ where: integrationWhere, select: { websiteLogoKey: true } }),
          Promise.all([
            transaction.text.count({ where: ofAgents }),
            transaction.website.count({ where: ofAgents }),
            transaction.knowledgeChunk.count({ where: ofAgents }),
            transaction.message.count({ where: { conversationId: { in: conversationIds } } }),
          ]),
        ])
        const attachments = [...(await conversationAttachmentKeys(transaction, conversationIds))]
        for (const agentId of agentIds) attachments.push(...(await attachmentKeysOf(transaction, { agentId })))
        await transaction.conversation.deleteMany({ where: { id: { in: conversationIds } } })
        await transaction.widgetIntegration.deleteMany({ where: integrationWhere })
        const deletedAgents = await transaction.agent.deleteMany({ where: agents })
        await transaction.shopifyShop.delete({ where: { id: shop.id } })
        const [texts, websites, chunks, messages] = counts
        return {
          agents: deletedAgents.count,
          documents: documents.length,
          texts,
          websites,
          chunks,
          conversations: conversationIds.length,
          messages,
          widget_integrations: integrations.length,
          fileKeys: [
            ...new Set([
              ...documents.map((document) => document.storageKey),
              ...integrations.map((integration) => integration.websiteLogoKey),
              ...attachments,
            ]),
          ],
        }
      })
    : null
  const sessions = await database.prisma.shopifySession.deleteMany({ where: { shop: shopDomain } })
  const webhookJobs = await database.prisma
    .$executeRaw`delete from jobs where kind = ${SHOPIFY_WEBHOOK_JOB} and payload->>'shop' = ${shopDomain} and id <> ${currentJobId ?? '00000000-0000-0000-0000-000000000000'}::uuid`
  const { fileKeys = [], ...counts } = removed ?? {}
  const files = await deleteStoredFiles(storage, logger, fileKeys)
  return {
    known_shop: shop !== null,
    ...counts,
    files_deleted: files,
    sessions_deleted: sessions.count,
    webhook_jobs_deleted: webhookJobs,
  }
}
