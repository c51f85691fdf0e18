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
// How many answers' copies each statement that writes copies carries (its first value: their attempts' ids).
const copyBatches: number[] = []

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
    if (query.join('?').includes('set partial_answer')) copyBatches.push((values[0] as unknown[]).length)
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

// Under a loaded machine the answers start, and so fall due, later: waiting longer for one changes nothing it proves.
const LOADED_MS = 20_000

/** What each visitor's answer in progress has copied so far, by conversation. */
async function partialAnswers(of: WidgetVisitor[]): Promise<Map<string, string | null>> {
  const messages = await testbed.testApp.database.prisma.message.findMany({
    where: { conversationId: { in: of.map((one) => one.conversationId) }, senderType: 'user' },
    select: { conversationId: true, partialAnswer: true },
  })
  return new Map(messages.map((message) => [message.conversationId, message.partialAnswer]))
}

describe('answers in progress', () => {
  it('are copied together while they stream, and one taken over by another process stops', async () => {
    const answers = visitors.map((one) => ask(one).then((response) => response.body as string))
    // Before any copy is due (a second in), another process takes the last visitor's answer for dead and
    // fails it: as soon as its attempt is on the row. What the answer had copied by then is noted (nothing,
    // unless a loaded machine took over a second to get there): no copy may be written after it.
    const takenOver = visitors.at(-1) as WidgetVisitor
    const others = visitors.slice(0, -1)
    let copiedWhenTaken: string | null = null
    const failTakenOver = async () => {
      const taken = await testbed.testApp.database.prisma.$queryRaw<{ partial_answer: string | null }[]>`
        update messages set answer_error = 'interrupted'
        where conversation_id = ${takenOver.conversationId}::uuid and sender_type = 'user' and answer_owner is not null
        returning partial_answer`
      if (taken[0]) copiedWhenTaken = taken[0].partial_answer
      return taken.length
    }
    await expect.poll(failTakenOver, { timeout: LOADED_MS, interval: 20 }).toBe(1)
    // The others are each copied on their way (a copy lasts until the answer's final write replaces it).
    const copied = new Set<string>()
    const everyOtherCopied = async () => {
      for (const [conversationId, text] of await partialAnswers(others))
        if (text?.startsWith('According to the sources')) copied.add(conversationId)
      return copied.size
    }
    await expect.poll(everyOtherCopied, { timeout: LOADED_MS, interval: 50 }).toBe(ANSWERS - 1)
    const bodies = await Promise.all(answers)
    for (const body of bodies.slice(0, -1)) expect(body).toContain('event: done')
    expect(bodies.at(-1)).toContain('event: error')
    expect(bodies.at(-1)).not.toContain('event: done')
    // The one taken over is never copied after: its copies are refused, and so is its own failure.
    expect((await partialAnswers([takenOver])).get(takenOver.conversationId)).toBe(copiedWhenTaken)
    // Six answers' copies, written in batches: statements that carry several answers' copies at once. (How
    // many statements in all depends on how the answers' seconds fall, which a loaded machine shifts.)
    expect(copyBatches.length).toBeGreaterThanOrEqual(1)
    expect(Math.max(...copyBatches)).toBeGreaterThan(1)
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
