import { queueAlert } from '../alerts/queue-alert.ts'
import type { Prisma } from '../db/generated/prisma/client.ts'

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

/**
 * Keeps the contact a visitor left, in the transaction that starts their conversation, and e-mails the
 * new-lead alert (the owner and the admins of the agent's teams, once per lead).
 */
export async function captureLead(tx: Prisma.TransactionClient, options: CaptureLeadOptions) {
  const { accountId, agentId, agentName, conversationId, email, name, pageUrl, websiteName, linkBase } = options
  const lead = await tx.lead.create({
    data: { accountId, agentId, conversationId, email, name: name ?? null, pageUrl: pageUrl ?? null, websiteName },
  })
  await queueAlert(tx, {
    kind: 'new_lead',
    accountId,
    agentId,
    eventKey: lead.id,
    title: `New lead: ${email}`,
    message: `A visitor${websiteName ? ` of ${websiteName}` : ''} left their e-mail, ${email}, in a chat with ${agentName}${pageUrl ? ` on ${pageUrl}` : ''}.`,
    actionPath: `/app/agents/${agentId}?tab=leads`,
    actionLabel: 'Open the leads',
    linkBase,
  })
  return lead
}
