import type { Actor } from '../accounts/actor.ts'
import { paginationOf } from '../agents/agents.schemas.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { Lead, Prisma } from '../db/generated/prisma/client.ts'
import type { LeadList, LeadListQuery, LeadView } from './leads.schemas.ts'

function toLeadView(lead: Lead): LeadView {
  return {
    lead_id: lead.id,
    email: lead.email,
    name: lead.name,
    page_url: lead.pageUrl,
    website_name: lead.websiteName,
    conversation_id: lead.conversationId,
    created_at: lead.createdAt.toISOString(),
  }
}

export interface ListLeadsOptions {
  actor: Actor
  agentId: string
  query: Pick<LeadListQuery, 'search'>
}

const whereOf = (agentId: string, search: string | undefined): Prisma.LeadWhereInput => ({
  agentId,
  ...(search
    ? {
        OR: [
          { email: { contains: search, mode: 'insensitive' } },
          { name: { contains: search, mode: 'insensitive' } },
          { pageUrl: { contains: search, mode: 'insensitive' } },
        ],
      }
    : {}),
})

/** One page of the agent's leads, newest first, for those who read the agent. */
export async function listLeads(
  database: Database,
  { actor, agentId, query }: ListLeadsOptions & { query: LeadListQuery },
): Promise<LeadList> {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const where = whereOf(agentId, query.search)
  const [leads, totalCount] = await Promise.all([
    database.prisma.lead.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    database.prisma.lead.count({ where }),
  ])
  return { leads: leads.map(toLeadView), pagination: paginationOf(query, totalCount) }
}

/** Every lead of the agent that matches, newest first, in pages of 1,000 (for the CSV export). */
export async function* allLeads(database: Database, { actor, agentId, query }: ListLeadsOptions) {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const where = whereOf(agentId, query.search)
  let cursor: string | undefined
  for (;;) {
    const page = await database.prisma.lead.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 1_000,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    })
    if (page.length === 0) return
    for (const lead of page) yield toLeadView(lead)
    cursor = page.at(-1)?.id
  }
}
