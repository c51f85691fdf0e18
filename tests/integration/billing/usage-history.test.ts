// Issue 16: GET /api/subscriptions/usage/history/, the account's usage per billing period, all of it or
// one of its own subscriptions' (a stranger's subscription answers 404: subscriptions.test.ts).
import { describe, expect, it } from 'vitest'
import { FULL_ANSWER_TOKENS } from '../../support/fake-llm.ts'
import {
  as,
  clock,
  DAY,
  onPlan,
  ownerWithConversation,
  send,
  testApp,
  usePlanLimitsTestbed,
} from '../../support/plan-limits-testbed.ts'

usePlanLimitsTestbed()

describe('the usage history', () => {
  it("answers only the given subscription's periods when the caller filters by one of their own", async () => {
    const { owner, agentId, conversationId } = await ownerWithConversation()
    const first = (await testApp.request.get('/api/plans/get-user-subscription/').set(as(owner))).body
    expect((await send(owner, agentId, conversationId, 'On the first plan?')).status).toBe(200)
    // Three days later the owner moves to another plan, and uses it twice.
    clock.now = new Date(clock.now.getTime() + 3 * DAY)
    await onPlan(owner, {})
    const second = (await testApp.request.get('/api/plans/get-user-subscription/').set(as(owner))).body
    expect(second.subscription_id).not.toBe(first.subscription_id)
    for (const text of ['On the second plan?', 'Still there?'])
      expect((await send(owner, agentId, conversationId, text)).status).toBe(200)

    const history = (subscription_id?: string) =>
      testApp.request
        .get('/api/subscriptions/usage/history/')
        .query(subscription_id ? { subscription_id } : {})
        .set(as(owner))
    const firstPeriod = {
      period_start: first.current_period_start,
      period_end: first.current_period_end,
      conversations: 1,
      messages: 1,
      tokens: FULL_ANSWER_TOKENS,
    }
    const secondPeriod = {
      period_start: second.current_period_start,
      period_end: second.current_period_end,
      conversations: 0,
      messages: 2,
      tokens: 2 * FULL_ANSWER_TOKENS,
    }
    const all = await history()
    expect(all.status).toBe(200)
    expect(all.body).toEqual({ periods: [secondPeriod, firstPeriod] })
    const ofFirst = await history(first.subscription_id)
    expect(ofFirst.status).toBe(200)
    expect(ofFirst.body).toEqual({ periods: [firstPeriod] })
    const ofSecond = await history(second.subscription_id)
    expect(ofSecond.status).toBe(200)
    expect(ofSecond.body).toEqual({ periods: [secondPeriod] })
  })
})
