import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answerInDemo, DEMO_CHANGE_MESSAGE, DEMO_DELAY_MS } from './answer-in-demo.ts'

describe('demo mode answers', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  async function settle<T>(promise: Promise<T>, afterMs: number): Promise<{ settled: boolean; value?: T }> {
    let value: T | undefined
    let settled = false
    void promise.then((answer) => ((value = answer), (settled = true)))
    await vi.advanceTimersByTimeAsync(afterMs)
    return { settled, value }
  }

  it('answers canned data only after 500 ms', async () => {
    const early = await settle(answerInDemo('/agents/', {}), DEMO_DELAY_MS - 1)
    expect(early.settled).toBe(false)
    const onTime = await settle(answerInDemo('/agents/', {}), DEMO_DELAY_MS)
    expect((onTime.value as { agents: { name: string }[] }).agents.map((agent) => agent.name)).toEqual([
      'Support Assistant',
      'Sales Helper',
      'Onboarding Guide',
      'Returns Desk',
      'FAQ Bot',
    ])
  })

  it('filters demo conversations as the server would', async () => {
    const archived = await settle(
      answerInDemo('/conversations/index/', { query: { filter: 'archived' } }),
      DEMO_DELAY_MS,
    )
    expect((archived.value as { data: { name: string }[] }).data.map((item) => item.name)).toEqual(['Old question'])
    const searched = await settle(
      answerInDemo('/conversations/demo-agent-1/', { query: { search: 'return' } }),
      DEMO_DELAY_MS,
    )
    expect((searched.value as { data: { name: string }[] }).data.map((item) => item.name)).toEqual(['Return policy'])
  })

  it('serves the SPEC’s demo plans, a trial and its notifications, so every billing screen has data', async () => {
    const plans = await settle(answerInDemo('/subscriptions/plans/', { auth: false }), DEMO_DELAY_MS)
    const catalogue = plans.value as {
      plans: {
        name: string
        tier: string
        price: number
        credits_per_month: number
        features: { max_messages_per_day: number }
        limits: { agents: number }
        prices: { price_id: number; currency: string; amount: number }[]
      }[]
      default_plan_id: number
      currencies: string[]
    }
    // SPEC section 9: Basic (29, 10000 credits/month, 5 chatbots, 100 messages/day), Premium (79, 50000
    // credits, 15 chatbots, 500 messages/day) and Enterprise (199, 200000 credits, unlimited).
    expect(
      catalogue.plans.map((plan) => [
        plan.name,
        plan.tier,
        plan.price,
        plan.credits_per_month,
        plan.limits.agents,
        plan.features.max_messages_per_day,
      ]),
    ).toEqual([
      ['Basic', 'basic', 29, 10_000, 5, 100],
      ['Premium', 'premium', 79, 50_000, 15, 500],
      ['Enterprise', 'enterprise', 199, 200_000, -1, -1],
    ])
    expect(catalogue.plans[2]?.prices).toEqual([
      expect.objectContaining({ price_id: 5, currency: 'USD', amount: 199 }),
      expect.objectContaining({ price_id: 6, currency: 'EGP', amount: 9_950 }),
    ])
    expect(catalogue).toMatchObject({ default_plan_id: 1, currencies: ['EGP'] })
    const subscription = await settle(answerInDemo('/plans/get-user-subscription/', {}), DEMO_DELAY_MS)
    expect(subscription.value).toMatchObject({ plan_name: 'Basic', status: 'trialing', subscription_status: true })
    const notifications = await settle(answerInDemo('/notifications/', {}), DEMO_DELAY_MS)
    expect(
      (notifications.value as { notifications: { level: string }[] }).notifications.map((item) => item.level),
    ).toEqual(['critical', 'warning'])
  })

  it('accepts changes without keeping them, and says so', async () => {
    const change = await settle(answerInDemo('/agents/create/', { method: 'POST', body: { name: 'x' } }), DEMO_DELAY_MS)
    expect(change.value).toEqual({ message: DEMO_CHANGE_MESSAGE })
    const reread = await settle(answerInDemo('/agents/', {}), DEMO_DELAY_MS)
    expect((reread.value as { agents: unknown[] }).agents).toHaveLength(5)
  })
})
