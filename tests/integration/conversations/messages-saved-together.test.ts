// @database-specific: raw SQL batch inserts, statements counted
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerCostsOf, planEnforcementFor } from '../../../server/billing/plan-enforcement-for.ts'
import { admitMessage } from '../../../server/conversations/admit-message.ts'
import { conversationHistory } from '../../../server/conversations/conversation-history.ts'
import type { InsertUserMessageOptions } from '../../../server/conversations/insert-user-message.ts'
import { insertUserMessageTogether } from '../../../server/conversations/insert-user-messages-together.ts'
import { countStatementsOf } from '../../../server/db/count-statements.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { chat, newIntegration, visitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

// A crowd's messages, saved at the same moment, go in one statement with the rules of one: a message
// waits while its conversation's last one waits for its answer, and the plan's limits admit exactly as
// many as they would one at a time.
const logger = createLogger({ LOG_LEVEL: 'silent' })
let testbed: ChatTestbed
let clientKey: string

beforeAll(async () => {
  testbed = await startChatTestbed({ ...UNLIMITED_VISITORS, BILLING_MODE: 'enforced' })
  clientKey = (await newIntegration(testbed)).client_key
})
afterAll(async () => testbed.close())

/** `count` visitors' conversations, each with one question answered, and how to save a message to them. */
async function crowdOf(count: number) {
  const { testApp, agentId } = testbed
  const { database, config } = testApp
  const crowd = await Promise.all(Array.from({ length: count }, () => visitor(testApp, clientKey)))
  for (const each of crowd) expect((await chat(testApp, each.auth, each.conversationId)).status).toBe(200)
  const agent = await database.prisma.agent.findUniqueOrThrow({ where: { id: agentId } })
  const plans = planEnforcementFor({ config, database })
  const conversations = await database.prisma.conversation.findMany({
    where: { id: { in: crowd.map((each) => each.conversationId) } },
  })
  const optionsFor = async (conversationId: string, text: string): Promise<InsertUserMessageOptions> => ({
    accountId: agent.accountId,
    conversation: conversations.find((conversation) => conversation.id === conversationId)!,
    text,
    attachments: [],
    admission: await admitMessage(
      { plans, answerCosts: answerCostsOf(config) },
      { agent, questionCharacters: text.length },
    ),
    presenceKey: 7n,
    previewCharacters: 200,
  })
  const counters = async () => {
    const standing = await plans.standingOf(agent.accountId)
    const rows = await database.prisma.usageCounter.findMany({
      where: { accountId: agent.accountId, scope: '', periodStart: standing.period.start },
    })
    const valueOf = (metric: string) => Number(rows.find((row) => row.metric === metric)?.value ?? 0n)
    return { messages: valueOf('messages'), tokens: valueOf('tokens'), standing }
  }
  return { crowd, optionsFor, counters, database }
}

describe('messages saved at the same moment', () => {
  it('go in one statement, each saved with its own turns, the conversations moved on and the plan counted', async () => {
    const { crowd, optionsFor, counters, database } = await crowdOf(8)
    const options = await Promise.all(crowd.map((each, index) => optionsFor(each.conversationId, `Question ${index}?`)))
    const before = await counters()
    const tally = { count: 0 }
    const saved = await countStatementsOf(tally, () =>
      Promise.all(options.map((each) => insertUserMessageTogether({ database, logger }, each))),
    )
    expect(saved.map((message) => message?.text)).toEqual(options.map((each) => each.text))
    const rows = await database.prisma.message.findMany({ where: { id: { in: saved.map((message) => message!.id) } } })
    expect(rows).toHaveLength(8)
    for (const [index, message] of saved.entries()) {
      const row = rows.find((found) => found.id === message!.id)
      expect(row).toMatchObject({
        conversationId: crowd[index]!.conversationId,
        senderType: 'user',
        text: `Question ${index}?`,
        answerOwner: 7n,
        answerReservedTokens: options[index]!.admission.reserveTokens,
      })
      const turns = await countStatementsOf(tally, () => conversationHistory(database, message!))
      // The turns before it, read by the same statement: the widget's greeting, the question, its answer.
      expect(turns.map((turn) => turn.role)).toEqual(['assistant', 'user', 'assistant'])
      expect(turns[1]?.content).toBe('How long do I have to return a product?')
    }
    expect(tally.count).toBe(1)
    const conversations = await database.prisma.conversation.findMany({
      where: { id: { in: crowd.map((each) => each.conversationId) } },
    })
    for (const conversation of conversations)
      expect(conversation).toMatchObject({ status: 'pending', lastMessagePreview: expect.stringMatching(/^Question/) })
    const after = await counters()
    expect(after.messages - before.messages).toBe(8)
    expect(after.tokens - before.tokens).toBe(options.reduce((sum, each) => sum + each.admission.reserveTokens, 0))
  })

  it('a second message to a conversation waits for its first, and is left to the transaction that refuses it', async () => {
    const { crowd, optionsFor, database } = await crowdOf(2)
    const [first, second] = crowd
    const options = [
      await optionsFor(first!.conversationId, 'One?'),
      await optionsFor(first!.conversationId, 'Two?'),
      await optionsFor(second!.conversationId, 'Three?'),
    ]
    const saved = await Promise.all(options.map((each) => insertUserMessageTogether({ database, logger }, each)))
    expect(saved.map((message) => message?.text ?? null)).toEqual(['One?', null, 'Three?'])
    expect(
      await database.prisma.message.count({ where: { conversationId: first!.conversationId, text: 'Two?' } }),
    ).toBe(0)
  })

  it('with room for three on the plan, exactly three of eight are saved and counted', async () => {
    const { crowd, optionsFor, counters, database } = await crowdOf(8)
    const { standing } = await counters()
    const accountId = String(
      (await database.prisma.conversation.findFirstOrThrow({ where: { id: crowd[0]!.conversationId } })).accountId,
    )
    await database.prisma.usageCounter.updateMany({
      where: { accountId, metric: 'messages', scope: '', periodStart: standing.period.start },
      data: { value: BigInt(standing.limits.messages - 3) },
    })
    const options = await Promise.all(crowd.map((each, index) => optionsFor(each.conversationId, `Last ${index}?`)))
    const saved = await Promise.all(options.map((each) => insertUserMessageTogether({ database, logger }, each)))
    expect(saved.filter(Boolean)).toHaveLength(3)
    expect((await counters()).messages).toBe(standing.limits.messages)
    expect(await database.prisma.message.count({ where: { text: { startsWith: 'Last ' } } })).toBe(3)
    await database.prisma.usageCounter.updateMany({
      where: { accountId, metric: 'messages', scope: '', periodStart: standing.period.start },
      data: { value: 0n },
    })
  })

  it('a message the database refuses does not cost the others theirs', async () => {
    const { crowd, optionsFor, database } = await crowdOf(4)
    const options = await Promise.all(
      crowd.map((each, index) =>
        optionsFor(each.conversationId, index === 2 ? 'Null \u0000 inside' : `Fine ${index}?`),
      ),
    )
    const saved = await Promise.all(options.map((each) => insertUserMessageTogether({ database, logger }, each)))
    expect(saved.map((message) => message?.text ?? null)).toEqual(['Fine 0?', 'Fine 1?', null, 'Fine 3?'])
  })
})
