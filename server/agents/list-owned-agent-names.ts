import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'

/** How many agents a picker offers: an account's agents beyond this are reached from the agents list. */
const AGENT_PICKER_LIMIT = 100

/** The agents the actor's account owns, oldest first (the first one made is the default), for a picker. */
export function listOwnedAgentNames(database: Database, actor: Actor): Promise<{ id: string; name: string }[]> {
  return database.prisma.agent.findMany({
    where: { accountId: actor.userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true },
    take: AGENT_PICKER_LIMIT,
  })
}
