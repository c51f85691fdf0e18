// A plan of the tests' own for plan-limit tests: one agent, everything else unlimited.
import { setPlan } from '../../server/billing/set-plan.ts'
import type { Database } from '../../server/db/database.ts'

const SOLO = {
  id: 100,
  name: 'Solo',
  isActive: false,
  conversationLimit: -1,
  messageLimit: -1,
  tokenLimit: BigInt(-1),
  widgetLimit: -1,
  teamMemberLimit: -1,
  agentLimit: 1,
}

/** Grants the account the Solo plan (agents: 1; hidden from the catalogue) for 30 days. */
export async function grantOneAgentPlan(database: Database, email: string) {
  await database.prisma.plan.upsert({ where: { id: SOLO.id }, create: SOLO, update: {} })
  await setPlan(database, { email, plan: SOLO.name, until: new Date(Date.now() + 30 * 86_400_000) })
}
