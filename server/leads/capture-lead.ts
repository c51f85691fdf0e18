import { queueAlert } from '../alerts/queue-alert.ts'
import type { Prisma } from '../db/generated/prisma/client.ts'
import { lockCap } from '../db/lock-cap.ts'
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts'

export interface CaptureLeadOptions {
  accountId: string
  agentId: string
  agentName: string
  conversationId: string
  /** Lower-cased. */
  email: string
  name?: string | null
  pageUrl?: string | null
  websiteName?: string | null
  /** Where the alert's link points (linkBaseOf). */
  linkBase: string
}

/** New-lead alerts an agent sends in an hour at most: a flood of visitors leaves the rest in the Leads list. */
const LEAD_ALERTS_PER_HOUR = 20

/**
 * Keeps the contact a visitor left, in the transaction that starts their conversation (or that keeps the
 * e-mail left when nobody could join), tells the account's contact.provided webhooks, and e-mails the
 * new-lead alert (the owner and the admins of the agent's teams): once per address, agent and day, and
 * at most LEAD_ALERTS_PER_HOUR an hour per agent.
 */
export async function captureLead(tx: Prisma.TransactionClient, options: CaptureLeadOptions) {
  const { accountId, agentId, agentName, conversationId, email, name, pageUrl, websiteName, linkBase } = options
  const lead = await tx.lead.create({
    data: { accountId, agentId, conversationId, email, name: name ?? null, pageUrl: pageUrl ?? null, websiteName },
  })
  await emitWebhookEvent(tx, {
    accountId,
    event: 'contact.provided',
    data: {
      lead_id: lead.id,
      email,
      name: name ?? null,
      page_url: pageUrl ?? null,
      website_name: websiteName ?? null,
      conversation_id: conversationId,
      agent_id: agentId,
      agent_name: agentName,
    },
  })
  await lockCap(tx, { cap: 'newLeadAlerts', ownerId: agentId })
  const lastHour = await tx.lead.count({ where: { agentId, createdAt: { gte: new Date(Date.now() - 3_600_000) } } })
  if (lastHour > LEAD_ALERTS_PER_HOUR) return lead
  await queueAlert(tx, {
    kind: 'new_lead',
    accountId,
    agentId,
    eventKey: `${agentId}:${email}:${lead.createdAt.toISOString().slice(0, 10)}`,
    title: `New lead: ${email}`,
    message: `A visitor${websiteName ? ` of ${websiteName}` : ''} left their e-mail, ${email}, in a chat with ${agentName}${pageUrl ? ` on ${pageUrl}` : ''}.`,
    actionPath: `/app/agents/${agentId}?tab=leads`,
    actionLabel: 'Open the leads',
    linkBase,
  })
  return lead
}
