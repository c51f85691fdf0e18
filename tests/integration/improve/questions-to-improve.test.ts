// Issue 21, questions to improve: questions the agent's knowledge did not ground and answers rated down
// are collected on the agent's Improve list, grouped by similar question, newest first, with counts; the
// team writes the right answer in place, it becomes a question-and-answer text embedded at once, and the
// same question asked again is answered from it (the offline answerer: retrieval alone decides).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QuestionsToImproveSchema } from '../../../server/improve/improve.schemas.ts'
import { questionKeyOf } from '../../../server/improve/question-key.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { addEmbeddedText, createAgentFor, waitForJob } from '../../support/knowledge.ts'
import { SECRET_KEY, chat, newIntegration, visitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

let testApp: TestApp
let owner: SignedUp
let agentId: string
let clientKey: string

beforeAll(async () => {
  testApp = await createTestApp({
    SECRET_KEY,
    ...UNLIMITED_VISITORS,
  })
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Shop helper')
  await addEmbeddedText(
    testApp,
    owner,
    agentId,
    'Returns policy',
    'You can return any product within 30 days of delivery for a full refund.',
  )
  clientKey = (await newIntegration({ testApp, owner, agentId })).client_key
})
afterAll(() => testApp.cleanup())

const improveList = async () =>
  QuestionsToImproveSchema.parse(
    (await testApp.request.get(`/api/agents/${agentId}/improve/`).set(bearer(owner.access))).body,
  ).questions

async function visitorAsks(text: string) {
  const visit = await visitor(testApp, clientKey)
  const sent = await chat(testApp, visit.auth, visit.conversationId, text)
  expect(sent.status).toBe(200)
  return { visit, answer: sent.body.ai_message as { message_id: string; message_text: string; sources: unknown[] } }
}

describe('questions to improve', () => {
  it('groups similar questions alike and keeps unrelated ones apart', () => {
    expect(questionKeyOf('Do you ship to Canada?')).toBe(questionKeyOf('Can you ship to canada'))
    expect(questionKeyOf('How long do I have to return a product?')).toBe(
      questionKeyOf('Can I return the product, and for how long?'),
    )
    expect(questionKeyOf('Do you ship to Canada?')).not.toBe(questionKeyOf('Do you ship to Mexico?'))
  })

  it('collects unanswered and unhelpful answers, answers one in place, and the agent then answers from it', async () => {
    await visitorAsks('Do you ship to Canada?')
    await visitorAsks('Can you ship to canada')
    const returns = await visitorAsks('How long do I have to return a product?')
    expect(returns.answer.sources.length).toBeGreaterThan(0)
    const rated = await testApp.request
      .post(`/api/conversations/api/chat/${returns.visit.conversationId}/feedback/`)
      .set(returns.visit.auth)
      .send({ message_id: returns.answer.message_id, rating: 'down', comment: 'What about sale items?' })
    expect(rated.status).toBe(201)

    const listed = await improveList()
    expect(listed.map((question) => [question.question, question.count, question.reason])).toEqual([
      ['How long do I have to return a product?', 1, 'unhelpful'],
      ['Can you ship to canada', 2, 'no_answer'],
    ])
    expect(listed[0]?.comments).toEqual(['What about sale items?'])
    expect(listed[1]?.reasons).toEqual({ no_answer: 2, unhelpful: 0 })

    const answered = await testApp.request
      .post(`/api/agents/${agentId}/improve/answer/`)
      .set(bearer(owner.access))
      .send({ question: 'Do you ship to Canada?', answer: 'Yes: parcels to Canada arrive within 5 business days.' })
    expect(answered.status).toBe(201)
    expect(answered.body.text).toMatchObject({ text_title: 'Do you ship to Canada?' })
    const job = await waitForJob(testApp, owner, agentId, answered.body.text.job.job_id)
    expect(job.status).toBe('succeeded')
    expect((await improveList()).map((question) => question.question)).toEqual([
      'How long do I have to return a product?',
    ])

    const again = await visitorAsks('Do you ship to Canada?')
    expect(again.answer.message_text).toContain('within 5 business days')
    expect(again.answer.sources).toEqual([expect.objectContaining({ title: 'Do you ship to Canada?' })])
    expect((await improveList()).map((question) => question.question)).toEqual([
      'How long do I have to return a product?',
    ])

    const dismissed = await testApp.request
      .post(`/api/agents/${agentId}/improve/dismiss/`)
      .set(bearer(owner.access))
      .send({ question: 'How long do I have to return a product?' })
    expect(dismissed.status).toBe(200)
    expect(await improveList()).toEqual([])
  })

  it('refuses what is not a question and an answer, and agents the caller cannot reach', async () => {
    for (const body of [{}, { question: 'Q?' }, { question: '', answer: 'A' }, { question: 'Q?', answer: '   ' }]) {
      const refused = await testApp.request
        .post(`/api/agents/${agentId}/improve/answer/`)
        .set(bearer(owner.access))
        .send(body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
    }
    const stranger = await signUp(testApp)
    expect((await testApp.request.get(`/api/agents/${agentId}/improve/`).set(bearer(stranger.access))).status).toBe(404)
  })
})
