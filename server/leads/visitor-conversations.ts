import type { Prisma } from '../db/generated/prisma/client.ts'

export interface VisitorScope {
  accountId: string
  /** The agents searched; null: every agent of the account. */
  agentIds: string[] | null
  /** The visitor's address, lower-cased; null when only their lead's conversation is known. */
  email: string | null
  /** Conversations known to be the visitor's (their lead's). */
  conversationIds: string[]
}

type Identity = Prisma.ConversationWhereInput

function identitiesOf(rows: {
  widgetIntegrationId: string | null
  visitorId: string | null
  visitorExternalId: string | null
  shopifyCustomerId: string | null
}): Identity[] {
  const { widgetIntegrationId, visitorId, visitorExternalId, shopifyCustomerId } = rows
  return [
    ...(widgetIntegrationId && visitorId ? [{ widgetIntegrationId, visitorId }] : []),
    ...(widgetIntegrationId && visitorExternalId ? [{ widgetIntegrationId, visitorExternalId }] : []),
    ...(shopifyCustomerId ? [{ shopifyCustomerId }] : []),
  ]
}

/**
 * Everything kept about one visitor within the scope: their leads, their conversations and their widget
 * sessions. A visitor is known by their address (leads, conversations and sessions that carry it) and by
 * their lead's conversation; from those, by the browser (widget visitor id), the site's user id (a signed
 * visitor token) and the Shopify customer id they chatted with: one step, not a chain through every
 * identity ever linked. Always inside the account.
 */
export async function findVisitorData(transaction: Prisma.TransactionClient, scope: VisitorScope) {
  const { accountId, agentIds, email } = scope
  const ofAgents = agentIds ? { agentId: { in: agentIds } } : {}
  const inScope: Prisma.ConversationWhereInput = { accountId, ...ofAgents }
  const byEmail = email ? { equals: email, mode: 'insensitive' as const } : null
  const leads = await transaction.lead.findMany({
    where: {
      accountId,
      ...ofAgents,
      OR: [...(email ? [{ email }] : []), { conversationId: { in: scope.conversationIds } }],
    },
    select: { id: true, agentId: true, email: true, conversationId: true },
  })
  const known = [
    ...scope.conversationIds,
    ...leads.flatMap((lead) => (lead.conversationId ? [lead.conversationId] : [])),
  ]
  const sessionsInScope: Prisma.WidgetSessionWhereInput = {
    accountId,
    ...(agentIds ? { widgetIntegration: { agentId: { in: agentIds } } } : {}),
  }
  const identityFields = {
    widgetIntegrationId: true,
    visitorId: true,
    visitorExternalId: true,
    shopifyCustomerId: true,
  }
  const [seeds, sessions] = await Promise.all([
    transaction.conversation.findMany({
      where: { AND: [inScope, { OR: [{ id: { in: known } }, ...(byEmail ? [{ visitorEmail: byEmail }] : [])] }] },
      select: { id: true, ...identityFields },
    }),
    byEmail
      ? transaction.widgetSession.findMany({
          where: { ...sessionsInScope, visitorEmail: byEmail },
          select: identityFields,
        })
      : [],
  ])
  const identities = [...seeds, ...sessions].flatMap(identitiesOf)
  const conversations = await transaction.conversation.findMany({
    where: { AND: [inScope, { OR: [{ id: { in: seeds.map((seed) => seed.id) } }, ...identities] }] },
    select: { id: true, ...identityFields },
  })
  const browsers = conversations.flatMap(({ widgetIntegrationId, visitorId }) =>
    widgetIntegrationId && visitorId ? [{ widgetIntegrationId, visitorId }] : [],
  )
  const widgetSessions = await transaction.widgetSession.findMany({
    where: {
      AND: [
        sessionsInScope,
        {
          OR: [
            ...(byEmail ? [{ visitorEmail: byEmail }] : []),
            ...browsers,
            ...[...seeds, ...sessions].flatMap(({ widgetIntegrationId, visitorExternalId }) =>
              widgetIntegrationId && visitorExternalId ? [{ widgetIntegrationId, visitorExternalId }] : [],
            ),
          ],
        },
      ],
    },
    select: { id: true },
  })
  // The leads of the conversations found too: a visitor who left their address twice, or a lead whose
  // conversation the browser links.
  const conversationIds = conversations.map((conversation) => conversation.id)
  const moreLeads = await transaction.lead.findMany({
    where: { accountId, conversationId: { in: conversationIds }, id: { notIn: leads.map((lead) => lead.id) } },
    select: { id: true, agentId: true, email: true, conversationId: true },
  })
  return {
    leads: [...leads, ...moreLeads],
    conversationIds,
    widgetSessionIds: widgetSessions.map((session) => session.id),
  }
}
