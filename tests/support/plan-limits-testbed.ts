// The plan-limits suites' app (BILLING_MODE enforced, a fake LLM, a clock the tests move) and their
// helpers: a plan with chosen limits, an owner with a conversation, sending a message. Each suite file
// calls usePlanLimitsTestbed() once; the bindings below then hold that file's app.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { setPlan } from '../../server/billing/set-plan.ts'
import { bearer, signUp, type SignedUp } from './accounts.ts'
import { createTestApp, type TestApp } from './create-test-app.ts'
import { startFakeLlm } from './fake-llm.ts'
import { createAgentFor } from './knowledge.ts'
import { SECRET_KEY } from './widget-visitors.ts'

export const DAY = 86_400_000
export const clock = { now: new Date() }
export let llm: Awaited<ReturnType<typeof startFakeLlm>>
export let testApp: TestApp

/** Starts the file's app before its tests and closes it after them. */
export function usePlanLimitsTestbed() {
  beforeAll(async () => {
    llm = await startFakeLlm()
    testApp = await createTestApp(
      {
        ...llm.config,
        SECRET_KEY,
        BILLING_MODE: 'enforced',
        WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '100',
        WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '100',
      },
      { clock: () => clock.now },
    )
  })
  afterAll(async () => {
    await testApp.cleanup()
    await llm.close()
  })
  beforeEach(() => {
    clock.now = new Date()
  })
}

export type Limits = {
  conversations?: number
  messages?: number
  tokens?: number
  widgets?: number
  team_members?: number
  agents?: number
}
let nextPlanId = 100

/** A plan with the given limits (generous otherwise), granted to the account for 90 days from the clock's now. */
export async function onPlan(account: SignedUp, limits: Limits) {
  const id = nextPlanId++
  await testApp.database.prisma.plan.create({
    data: {
      id,
      name: `Tiny ${id}`,
      conversationLimit: limits.conversations ?? 1000,
      messageLimit: limits.messages ?? 1000,
      tokenLimit: BigInt(limits.tokens ?? 10_000_000),
      widgetLimit: limits.widgets ?? 100,
      teamMemberLimit: limits.team_members ?? 100,
      agentLimit: limits.agents ?? 100,
    },
  })
  await setPlan(testApp.database, {
    email: account.email,
    plan: String(id),
    from: clock.now,
    until: new Date(clock.now.getTime() + 90 * DAY),
  })
  return `Tiny ${id}`
}

export const as = (account: SignedUp) => bearer(account.access)
export const newConversation = async (account: SignedUp, agentId: string) =>
  testApp.request.post('/api/conversations/create/').set(as(account)).send({ name: 'Chat', agent_id: agentId })
export const send = (
  account: SignedUp,
  agentId: string,
  conversationId: string,
  text = 'How long do I have to return a product?',
) =>
  testApp.request
    .post(`/api/conversations/chat/${agentId}/${conversationId}/`)
    .set(as(account))
    .send({ message_text: text })

/** An owner with an agent and a conversation with it. */
export async function ownerWithConversation(limits: Limits = {}) {
  const owner = await signUp(testApp)
  const agentId = await createAgentFor(testApp, owner, 'Helper')
  const plan = await onPlan(owner, limits)
  const conversation = await newConversation(owner, agentId)
  expect(conversation.status).toBe(201)
  return { owner, agentId, plan, conversationId: conversation.body.conversation_id as string }
}
