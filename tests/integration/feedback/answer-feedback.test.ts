// Issue 21, answer feedback: a thumbs up or down on each of the agent's answers, from the widget (per
// visitor) and the dashboard (per user), with an optional comment on a thumbs-down; a second rating
// replaces the first; the team sees the visitor's rating, and the Dashboard a satisfaction rate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageListSchema } from '../../../server/conversations/conversations.schemas.ts'
import { FeedbackViewSchema } from '../../../server/feedback/feedback.schemas.ts'
import { DashboardStatsSchema } from '../../../server/stats/stats.schemas.ts'
import { bearer, signUp } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import {
  SECRET_KEY,
  chat,
  newIntegration,
  visitor,
  type WidgetVisitor,
  UNLIMITED_VISITORS,
} from '../../support/widget-visitors.ts'

let bed: ChatTestbed
let clientKey: string

beforeAll(async () => {
  bed = await startChatTestbed({
    SECRET_KEY,
    ...UNLIMITED_VISITORS,
  })
  clientKey = (await newIntegration(bed)).client_key
})
afterAll(() => bed.close())

const rateAsVisitor = (visit: WidgetVisitor, body: object) =>
  bed.testApp.request.post(`/api/conversations/api/chat/${visit.conversationId}/feedback/`).set(visit.auth).send(body)

async function answeredVisitor() {
  const visit = await visitor(bed.testApp, clientKey)
  const sent = await chat(bed.testApp, visit.auth, visit.conversationId)
  expect(sent.status).toBe(200)
  return {
    visit,
    answerId: sent.body.ai_message.message_id as string,
    questionId: sent.body.user_message.message_id as string,
  }
}

describe('answer feedback', () => {
  it('keeps one rating per answer and visitor: a second replaces it, and the comment stays with a thumbs-down', async () => {
    const { visit, answerId } = await answeredVisitor()
    const up = await rateAsVisitor(visit, { message_id: answerId, rating: 'up', comment: 'ignored on a thumbs-up' })
    expect(up.status).toBe(201)
    expect(FeedbackViewSchema.parse(up.body.feedback)).toMatchObject({
      message_id: answerId,
      rating: 'up',
      comment: null,
    })
    const down = await rateAsVisitor(visit, { message_id: answerId, rating: 'down', comment: '  Not my question  ' })
    expect(down.status).toBe(200)
    expect(down.body.feedback).toMatchObject({ rating: 'down', comment: 'Not my question' })
    expect(await bed.testApp.database.prisma.answerFeedback.count({ where: { messageId: answerId } })).toBe(1)

    const history = await bed.testApp.request
      .get(`/api/conversations/api/chat/${visit.conversationId}/`)
      .set(visit.auth)
    const rated = (history.body.data as { message_id: string; feedback: string | null }[]).find(
      (message) => message.message_id === answerId,
    )
    expect(rated?.feedback).toBe('down')

    const team = MessageListSchema.parse(
      (
        await bed.testApp.request
          .get(`/api/conversations/${bed.agentId}/${visit.conversationId}/messages/`)
          .set(bearer(bed.owner.access))
      ).body,
    )
    const seen = team.data.find((message) => message.message_id === answerId)
    expect(seen?.feedback).toEqual({ yours: null, visitor: { rating: 'down', comment: 'Not my question' } })
    expect(team.data.find((message) => message.sender_type === 'user')?.feedback).toBeNull()
  })

  it('refuses what is not one of the agent’s answers in the visitor’s own conversation, and bad ratings', async () => {
    const { visit, answerId, questionId } = await answeredVisitor()
    const question = await rateAsVisitor(visit, { message_id: questionId, rating: 'up' })
    expect(question.status).toBe(400)
    expect(question.body.message).toBe("Only the agent's answers can be rated.")
    const other = await answeredVisitor()
    expect((await rateAsVisitor(visit, { message_id: other.answerId, rating: 'up' })).status).toBe(404)
    for (const body of [
      { message_id: answerId, rating: 'meh' },
      { message_id: answerId },
      { message_id: 'nope', rating: 'up' },
      { message_id: answerId, rating: 'down', comment: 'x'.repeat(1_001) },
    ]) {
      const refused = await rateAsVisitor(visit, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
    }
    expect((await rateAsVisitor(visit, { message_id: answerId, rating: 'meh' })).body.message).toBe(
      'rating must be up or down',
    )
  })

  it('lets a signed-in user rate answers in the dashboard, and the Dashboard shows the satisfaction rate', async () => {
    const owner = await signUp(bed.testApp)
    const agentId = String(
      (await bed.testApp.request.post('/api/agents/create/').set(bearer(owner.access)).send({ name: 'Rated' })).body
        .agent_id,
    )
    const empty = DashboardStatsSchema.parse(
      (await bed.testApp.request.get('/api/dashboard/api/stats/').set(bearer(owner.access))).body,
    )
    expect(empty.satisfaction).toEqual({ rate: null, ratings: 0 })
    const started = await bed.testApp.request
      .post('/api/conversations/create/')
      .set(bearer(owner.access))
      .send({ name: 'Mine', agent_id: agentId })
    const conversationId = started.body.conversation_id as string
    const answers: string[] = []
    for (const text of ['First question?', 'Second question?', 'Third question?']) {
      const sent = await bed.testApp.request
        .post(`/api/conversations/chat/${agentId}/${conversationId}/`)
        .set(bearer(owner.access))
        .send({ message_text: text })
      answers.push(sent.body.ai_message.message_id)
    }
    const rate = (answerId: string, body: object) =>
      bed.testApp.request
        .post(`/api/conversations/${agentId}/${conversationId}/${answerId}/feedback/`)
        .set(bearer(owner.access))
        .send(body)
    expect((await rate(answers[0]!, { rating: 'up' })).status).toBe(201)
    expect((await rate(answers[1]!, { rating: 'up' })).status).toBe(201)
    expect((await rate(answers[2]!, { rating: 'down', comment: 'Wrong' })).status).toBe(201)
    const messages = MessageListSchema.parse(
      (
        await bed.testApp.request
          .get(`/api/conversations/${agentId}/${conversationId}/messages/`)
          .set(bearer(owner.access))
      ).body,
    )
    expect(messages.data.filter((message) => message.sender_type === 'ai').map((message) => message.feedback)).toEqual([
      { yours: null, visitor: null }, // the greeting
      { yours: 'up', visitor: null },
      { yours: 'up', visitor: null },
      { yours: 'down', visitor: null },
    ])
    const stats = DashboardStatsSchema.parse(
      (await bed.testApp.request.get('/api/dashboard/api/stats/').set(bearer(owner.access))).body,
    )
    expect(stats.satisfaction).toEqual({ rate: 67, ratings: 3 })
    const stranger = await signUp(bed.testApp)
    const refused = await bed.testApp.request
      .post(`/api/conversations/${agentId}/${conversationId}/${answers[0]}/feedback/`)
      .set(bearer(stranger.access))
      .send({ rating: 'down' })
    expect(refused.status).toBe(404)
  })
})
