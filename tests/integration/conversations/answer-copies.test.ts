// @database-specific: raw SQL on the answer rows while copies are written
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerCopiesOf } from '../../../server/conversations/answer-copies.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { testConfig } from '../../support/create-test-app.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { readBodyAsText } from '../../support/read-body-as-text.ts'
import { newIntegration, visitor, type WidgetVisitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

// Answers written at once keep their copies (what each has written so far, for a crash to leave behind)
// in batches: one statement for all the copies that fall due together.
const ANSWERS = 6
let testbed: ChatTestbed
let visitors: WidgetVisitor[]
const copyStatements: string[] = []

beforeAll(async () => {
  testbed = await startChatTestbed({
    ...UNLIMITED_VISITORS,
  })
  const { client_key } = await newIntegration(testbed)
  visitors = await Promise.all(Array.from({ length: ANSWERS }, () => visitor(testbed.testApp, client_key)))
  // The real client, watched: the statements that write copies are noted, then sent as they are.
  const prisma = testbed.testApp.database.prisma
  const queryRaw = prisma.$queryRaw.bind(prisma)
  prisma.$queryRaw = ((query: TemplateStringsArray, ...values: unknown[]) => {
    if (query.join('?').includes('set partial_answer')) copyStatements.push(query.join('?'))
    return queryRaw(query, ...values)
  }) as typeof prisma.$queryRaw
  // About 2.5 s an answer: each is copied once or twice on its way.
  testbed.llm.state.tokenDelayMs = 180
})
afterAll(async () => testbed.close())

const ask = ({ auth, conversationId }: WidgetVisitor) =>
  testbed.testApp.request
    .post(`/api/conversations/api/chat/${conversationId}/?stream=true`)
    .set(auth)
    .send({ message_text: 'How long do I have to return a product?' })
    .buffer(true)
    .parse(readBodyAsText)

async function partialAnswers(): Promise<(string | null)[]> {
  const messages = await testbed.testApp.database.prisma.message.findMany({
    where: { conversationId: { in: visitors.map((one) => one.conversationId) }, senderType: 'user' },
    select: { partialAnswer: true },
  })
  return messages.map((message) => message.partialAnswer)
}

describe('answers in progress', () => {
  it('are copied together while they stream, and one taken over by another process stops', async () => {
    const answers = visitors.map((one) => ask(one).then((response) => response.body as string))
    // Before any copy is due (a second in), another process takes the last visitor's answer for dead and
    // fails it: as soon as its attempt is on the row.
    const takenOver = visitors.at(-1) as WidgetVisitor
    const failTakenOver = async () =>
      (
        await testbed.testApp.database.prisma.message.updateMany({
          where: { conversationId: takenOver.conversationId, senderType: 'user', answerOwner: { not: null } },
          data: { answerError: 'interrupted' },
        })
      ).count
    await expect.poll(failTakenOver, { interval: 20 }).toBe(1)
    // The others' first copies, written together; the one taken over is never copied.
    const copied = async () =>
      (await partialAnswers()).filter((text) => text?.startsWith('According to the sources')).length
    await expect.poll(copied, { timeout: 5_000, interval: 50 }).toBeGreaterThanOrEqual(ANSWERS - 1)
    expect(await copied()).toBe(ANSWERS - 1)
    const bodies = await Promise.all(answers)
    for (const body of bodies.slice(0, -1)) expect(body).toContain('event: done')
    expect(bodies.at(-1)).toContain('event: error')
    expect(bodies.at(-1)).not.toContain('event: done')
    // Six answers' copies, written in batches: never one statement per answer.
    expect(copyStatements.length).toBeGreaterThanOrEqual(1)
    expect(copyStatements.length).toBeLessThan(ANSWERS)
  })

  it('are still kept, each alone, when the database refuses one of a batch', async () => {
    // One answer in progress per conversation: three of the visitors' conversations, their answers done.
    const conversations = await testbed.testApp.database.prisma.conversation.findMany({
      where: { id: { in: visitors.slice(0, 3).map((one) => one.conversationId) } },
    })
    const startedAt = new Date()
    const attempts = await Promise.all(
      conversations.map((conversation, index) =>
        testbed.testApp.database.prisma.message.create({
          data: {
            accountId: conversation.accountId,
            conversationId: conversation.id,
            senderType: 'user',
            text: `Question ${index + 1}`,
            answerOwner: 4242n,
            answerStartedAt: startedAt,
            // Older than the conversation's other messages: nothing else reads these.
            createdAt: new Date(0),
          },
        }),
      ),
    )
    const copies = answerCopiesOf(testbed.testApp.database, createLogger({ ...testConfig(), LOG_LEVEL: 'silent' }))
    const takenOver = attempts.map(() => new AbortController())
    // PostgreSQL text cannot hold U+0000: the second copy is refused, and with it the batch's statement.
    const texts = ['First answer so far', 'Second \u0000 answer', 'Third answer so far']
    await Promise.all(
      attempts.map((attempt, index) =>
        copies.keep({
          attempt,
          text: texts[index] as string,
          promptTokens: 10,
          takenOver: takenOver[index] as AbortController,
        }),
      ),
    )
    const saved = await testbed.testApp.database.prisma.message.findMany({
      where: { id: { in: attempts.map((attempt) => attempt.id) } },
      orderBy: { text: 'asc' },
      select: { partialAnswer: true },
    })
    expect(saved.map((message) => message.partialAnswer)).toEqual(['First answer so far', null, 'Third answer so far'])
    expect(takenOver.map((controller) => controller.signal.aborted)).toEqual([false, false, false])
  })
})
