import type { Database } from '../db/database.ts'

/** How many agents and widget integrations the account has: what the plans' agent and widget limits count. */
export async function countAccountResources(
  database: Database,
  accountId: string,
): Promise<{ agents: number; widgets: number }> {
  const [agents, widgets] = await Promise.all([
    database.prisma.agent.count({ where: { accountId } }),
    database.prisma.widgetIntegration.count({ where: { accountId } }),
  ])
  return { agents, widgets }
}
