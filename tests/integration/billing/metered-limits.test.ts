// Issue 16: what is used up in a period (conversations, messages, tokens) reached exactly, and a refused
// message never reaching the model.
import { describe, expect, it } from 'vitest'
import { answerTokenBound } from '../../../server/conversations/admit-message.ts'
import { signUp } from '../../support/accounts.ts'
import { FULL_ANSWER_TOKENS } from '../../support/fake-llm.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import {
  as,
  llm,
  newConversation,
  onPlan,
  ownerWithConversation,
  send,
  testApp,
  usePlanLimitsTestbed,
} from '../../support/plan-limits-testbed.ts'
import { chat, newIntegration, SITE, start } from '../../support/widget-visitors.ts'

usePlanLimitsTestbed()

const question = 'Can I return it?'
/** An owner with an agent, and the tokens its answer to `text` reserves before the model runs. */
async function ownerReserving(text: string) {
  const owner = await signUp(testApp)
  const agentId = await createAgentFor(testApp, owner, 'Helper')
  const agent = await testApp.database.prisma.agent.findUniqueOrThrow({ where: { id: agentId } })
  const reserved = answerTokenBound(
    {
      maxTokens: testApp.config.LLM_MAX_TOKENS,
      passageCharacters: testApp.config.RETRIEVAL_TOP_K * (testApp.config.CHUNK_SIZE + testApp.config.CHUNK_OVERLAP),
    },
    agent,
    text.length,
  )
  return { owner, agentId, reserved }
}

describe('what is used up in a period: conversations, messages, tokens', () => {
  it('allows the plan’s conversations and refuses the next, in the dashboard and to a widget visitor', async () => {
    const { owner, agentId } = await ownerWithConversation({ conversations: 2 })
    expect((await newConversation(owner, agentId)).status).toBe(201)
    const refused = await newConversation(owner, agentId)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      limit: 2,
      used: 2,
      metric: 'conversations',
      message: 'Your plan allows 2 conversations a month. Upgrade your plan to continue.',
    })
    const { client_key } = await newIntegration({ testApp, owner, agentId })
    const session = await start(testApp, client_key)
    const visitor = await testApp.request
      .post('/api/conversations/api/create/')
      .set({
        Authorization: `Bearer ${session.body.token}`,
        Origin: SITE,
        'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5',
      })
      .send({})
    expect(visitor.status).toBe(503)
    expect(visitor.body).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      message: 'Cet assistant ne peut pas répondre pour le moment. Veuillez réessayer plus tard.',
    })
    expect(JSON.stringify(visitor.body)).not.toMatch(/plan|limit|Tiny/i)
  })

  it('allows the plan’s messages and refuses the next before the model is called; nothing of it is saved', async () => {
    const { owner, agentId, conversationId } = await ownerWithConversation({ messages: 2 })
    for (const text of ['First?', 'Second?'])
      expect((await send(owner, agentId, conversationId, text)).status).toBe(200)
    const calls = llm.requests.length
    const refused = await send(owner, agentId, conversationId, 'Third?')
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      limit: 2,
      used: 2,
      metric: 'messages',
      message: 'Your plan allows 2 messages a month. Upgrade your plan to continue.',
    })
    expect(llm.requests.length).toBe(calls)
    expect(await testApp.database.prisma.message.count({ where: { conversationId, text: 'Third?' } })).toBe(0)
    const usage = (await testApp.request.get('/api/subscriptions/usage/limits/').set(as(owner))).body
    expect(usage).toMatchObject({
      usage: { messages: 2, conversations: 1, tokens: 2 * FULL_ANSWER_TOKENS },
      remaining: { messages: 0 },
      percent: { messages: 100 },
    })
  })

  it('reserves an answer’s most tokens before the model runs and settles what it cost: the budget is never passed', async () => {
    const { owner, agentId, reserved } = await ownerReserving(question)
    // Room for two answers' cost, but not for a third one's reservation.
    await onPlan(owner, { tokens: 2 * FULL_ANSWER_TOKENS + reserved - 1 })
    const conversationId = (await newConversation(owner, agentId)).body.conversation_id as string
    expect((await send(owner, agentId, conversationId, question)).status).toBe(200)
    expect((await testApp.request.get('/api/subscriptions/usage/').set(as(owner))).body.tokens_usage).toBe(
      FULL_ANSWER_TOKENS,
    )
    expect((await send(owner, agentId, conversationId, question)).status).toBe(200)
    const calls = llm.requests.length
    const refused = await send(owner, agentId, conversationId, question)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({ error: 'PLAN_LIMIT_REACHED', metric: 'tokens', used: 2 * FULL_ANSWER_TOKENS })
    expect(llm.requests.length).toBe(calls)
    expect((await testApp.request.get('/api/subscriptions/credits/remaining/').set(as(owner))).body).toMatchObject({
      credits_remaining: reserved - 1,
    })
    // Short of 100 %, but too few tokens are left for an answer: the owner is told it is used up.
    expect((await testApp.request.get('/api/notifications/').set(as(owner))).body.notifications).toContainEqual(
      expect.objectContaining({
        level: 'critical',
        metric: 'tokens',
        title: 'AI tokens limit reached',
        message:
          "Your plan's AI tokens are almost used up: too few are left for another answer this period. Upgrade your plan to continue.",
      }),
    )
  })

  it('lets the answer in whose reservation fits the budget exactly, and refuses the next', async () => {
    const { owner, agentId, reserved } = await ownerReserving(question)
    // Two answers' cost and exactly a third one's reservation: the third is allowed (n), the fourth refused.
    await onPlan(owner, { tokens: 2 * FULL_ANSWER_TOKENS + reserved })
    const conversationId = (await newConversation(owner, agentId)).body.conversation_id as string
    for (const answer of [1, 2, 3])
      expect([answer, (await send(owner, agentId, conversationId, question)).status]).toEqual([answer, 200])
    expect((await testApp.request.get('/api/subscriptions/usage/').set(as(owner))).body.tokens_usage).toBe(
      3 * FULL_ANSWER_TOKENS,
    )
    const calls = llm.requests.length
    const refused = await send(owner, agentId, conversationId, question)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      metric: 'tokens',
      limit: 2 * FULL_ANSWER_TOKENS + reserved,
      used: 3 * FULL_ANSWER_TOKENS,
    })
    expect(llm.requests.length).toBe(calls)
  })

  it('counts the real prompt before the model runs: a long Chinese conversation that outgrows the estimate is refused, never overshot', async () => {
    const chinese = '我们的退货政策允许您在收货后三十天内退回任何商品并获得全额退款，请保留好收据。'
      .repeat(300)
      .slice(0, 9_000)
    const { owner, agentId, reserved: estimate } = await ownerReserving(chinese)
    // The first answer costs what the fake model reports; the second is admitted on the estimate, but its
    // prompt (two long Chinese turns) needs more than the estimate, and the plan has one token more.
    const limit = FULL_ANSWER_TOKENS + estimate + 1
    await onPlan(owner, { tokens: limit })
    const conversationId = (await newConversation(owner, agentId)).body.conversation_id as string
    expect((await send(owner, agentId, conversationId, chinese)).status).toBe(200)
    const calls = llm.requests.length
    const refused = await send(owner, agentId, conversationId, `${chinese.slice(0, 8_999)}？`)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      metric: 'tokens',
      user_message: { message_text: `${chinese.slice(0, 8_999)}？` },
    })
    expect(llm.requests.length).toBe(calls)
    const usage = (await testApp.request.get('/api/subscriptions/usage/').set(as(owner))).body
    expect(usage.tokens_usage).toBe(FULL_ANSWER_TOKENS)
    expect(usage.tokens_usage).toBeLessThanOrEqual(limit)
    expect(
      await testApp.database.prisma.message.findFirst({
        where: { conversationId, answerError: { not: null } },
        select: { answerError: true, answerReservedTokens: true },
      }),
    ).toEqual({ answerError: 'plan_limit', answerReservedTokens: 0 })
  })

  it('a widget visitor past the plan reads a polite message in their language, and the model is not called', async () => {
    const { owner, agentId } = await ownerWithConversation({ messages: 1 })
    const { client_key } = await newIntegration({ testApp, owner, agentId })
    const session = await start(testApp, client_key)
    const auth = { Authorization: `Bearer ${session.body.token}`, Origin: SITE }
    const conversationId = (await testApp.request.post('/api/conversations/api/create/').set(auth).send({})).body
      .conversation_id as string
    expect((await chat(testApp, auth, conversationId)).status).toBe(200)
    const calls = llm.requests.length
    const refused = await chat(testApp, { ...auth, 'Accept-Language': 'ar' }, conversationId, 'Another question?')
    expect(refused.status).toBe(503)
    expect(refused.body.message).toBe('لا يستطيع هذا المساعد الرد الآن. يرجى المحاولة لاحقًا.')
    const english = await chat(testApp, auth, conversationId, 'Another question?')
    expect(english.body).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      message: "This assistant can't answer right now. Please try again later.",
    })
    expect(Object.keys(english.body).sort()).toEqual(['detail', 'error', 'message', 'reason', 'request_id'])
    expect(llm.requests.length).toBe(calls)
  })
})
