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

  it('serves the seven plans of the catalogue, a trial and its notifications, so every billing screen has data', async () => {
    const plans = await settle(answerInDemo('/subscriptions/plans/', { auth: false }), DEMO_DELAY_MS)
    const catalogue = plans.value as {
      plans: { name: string; prices: { price_id: number; currency: string; amount: number }[] }[]
      default_plan_id: number
      currencies: string[]
    }
    expect(catalogue.plans.map((plan) => plan.name)).toEqual([
      'Pro 1',
      'Pro 2',
      'Pro 3',
      'Pro 4',
      'Pro 5',
      'Pro 6',
      'Pro 7',
    ])
    expect(catalogue.plans[6]?.prices).toEqual([
      expect.objectContaining({ price_id: 13, currency: 'USD', amount: 640 }),
      expect.objectContaining({ price_id: 14, currency: 'EGP', amount: 32_000 }),
    ])
    expect(catalogue).toMatchObject({ default_plan_id: 1, currencies: ['EGP'] })
    const subscription = await settle(answerInDemo('/plans/get-user-subscription/', {}), DEMO_DELAY_MS)
    expect(subscription.value).toMatchObject({ plan_name: 'Pro 1', status: 'trialing', subscription_status: true })
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
