import type { Actor } from '../accounts/actor.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import type { CreateAgent } from './agents.schemas.ts'
import { AGENT_VIEW_INCLUDE, toAgentView } from './agent-view.ts'

/** Creates an agent on the actor's own account, if its plan has room for one more (402 otherwise). */
export async function createAgent(
  { plans }: { database: Database; plans: PlanEnforcement },
  actor: Actor,
  agent: CreateAgent,
) {
  const created = await plans.createWithinPlan({ accountId: actor.userId, resource: 'agents' }, (tx) =>
    tx.agent.create({
      data: {
        accountId: actor.userId,
        name: agent.name,
        description: agent.description || null,
        visibility: agent.visibility,
        autoEmbed: agent.auto_embed,
      },
      include: AGENT_VIEW_INCLUDE,
    }),
  )
  return toAgentView(created, actor.userId)
}
