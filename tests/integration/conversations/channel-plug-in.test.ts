// A channel plugs into the answering core through Channel alone (server/conversations/channel.ts): a channel
// built here, none of the product's (it carries the widget's conversations, the names being a database enum),
// registered in the answering bag and bound to the answer, has its budget spent,
// its records kept in the answer's transaction and the stored answer delivered to it; a delivery that fails
// leaves the answer standing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerCostsOf, planEnforcementFor } from '../../../server/billing/plan-enforcement-for.ts'
import { createVectorSearch } from '../../../server/chat/retrieval/search-vectors.ts'
import { admitMessage } from '../../../server/conversations/admit-message.ts'
import { registerChannels, type Channel } from '../../../server/conversations/channel.ts'
import type { MessageView } from '../../../server/conversations/conversations.schemas.ts'
import { saveUserMessage } from '../../../server/conversations/save-user-message.ts'
import { answerUserMessage, type AnsweringServices } from '../../../server/conversations/send-message.ts'
import { holdProcessPresence, type ProcessPresence } from '../../../server/db/hold-process-presence.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { newIntegration, visitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

const logger = createLogger({ LOG_LEVEL: 'silent' })
let testbed: ChatTestbed
let clientKey: string
let presence: ProcessPresence

beforeAll(async () => {
  testbed = await startChatTestbed({ ...UNLIMITED_VISITORS })
  clientKey = (await newIntegration(testbed)).client_key
  // This test's answers carry a key it holds, so no sweep takes them for a dead process's.
  presence = await holdProcessPresence(testbed.testApp.database, logger)
})
afterAll(async () => {
  await presence.release()
  await testbed.close()
})

/** The answering bag as the composition root builds it, offline, with `channel` the only one registered. */
function answeringWith(channel: Channel): AnsweringServices {
  const { database, config } = testbed.testApp
  return {
    database,
    logger,
    presenceKey: presence.key,
    chatModel: null,
    retriever: {
      database,
      embedder: null,
      logger,
      vectors: createVectorSearch(database, 'in-process', 1_048_576),
      topK: config.RETRIEVAL_TOP_K,
      minSimilarity: config.RETRIEVAL_MIN_SIMILARITY,
    },
    channels: registerChannels([channel]),
    answerWindowMs: 120_000,
    droppedAttempts: new Map(),
    plans: planEnforcementFor({ config, database }),
    answerCosts: answerCostsOf(config),
  }
}

/** A visitor's question, saved and taken up by the bag's process, ready for answerUserMessage. */
async function questionIn(answering: AnsweringServices) {
  const { database } = testbed.testApp
  const { conversationId } = await visitor(testbed.testApp, clientKey)
  const conversation = await database.prisma.conversation.findUniqueOrThrow({ where: { id: conversationId } })
  const agent = await database.prisma.agent.findUniqueOrThrow({ where: { id: testbed.agentId } })
  const text = 'How long do I have to return a product?'
  const admission = await admitMessage(answering, { agent, questionCharacters: text.length })
  const userMessage = await saveUserMessage(answering, { accountId: agent.accountId, conversation, text, admission })
  return { agent, conversation, userMessage }
}

/** A visitor's question answered by the core with `channel` registered and bound to the answer. */
async function answerThrough(channel: Channel) {
  const answering = answeringWith(channel)
  const { agent, conversation, userMessage } = await questionIn(answering)
  const answered = await answerUserMessage(answering, {
    agent,
    userMessage,
    events: {},
    signal: new AbortController().signal,
    conversation,
    channel,
  })
  return { agent, conversation, userMessage, answered }
}

describe('a channel plugged in through the interface alone', () => {
  it('has its budget spent, its records kept with the answer, and the stored answer delivered', async () => {
    const delivered: MessageView[] = []
    const recorded: string[] = []
    const channel: Channel = {
      name: 'widget',
      budget: {
        counterOf: (conversation, moment) => ({
          scope: `plug-in:${conversation.accountId}`,
          period: { start: new Date(moment.getTime() - 60_000), end: new Date(moment.getTime() + 60_000) },
        }),
      },
      recordAnswer: async (tx, { conversationId }) => {
        // Inside the answer's transaction: the conversation's row is there to read.
        recorded.push((await tx.conversation.findUniqueOrThrow({ where: { id: conversationId } })).id)
        return []
      },
      deliver: async (answer) => {
        delivered.push(answer)
      },
    }
    const { agent, conversation, answered } = await answerThrough(channel)
    expect(answered.ai_message?.message_text).toContain('30 days')
    expect(delivered.map((answer) => answer.message_id)).toEqual([answered.ai_message?.message_id])
    expect(recorded).toEqual([conversation.id])
    const spent = await testbed.testApp.database.prisma.usageCounter.findMany({
      where: { accountId: agent.accountId, scope: `plug-in:${agent.accountId}`, metric: 'tokens' },
    })
    const stored = await testbed.testApp.database.prisma.message.findUniqueOrThrow({
      where: { id: answered.ai_message?.message_id },
    })
    expect(spent.map((counter) => Number(counter.value))).toEqual([stored.promptTokens + stored.completionTokens])
  })

  it('keeps the answer when its delivery fails', async () => {
    let deliveries = 0
    const channel: Channel = {
      name: 'widget',
      deliver: () => {
        deliveries += 1
        return Promise.reject(new Error('the messaging API is down'))
      },
    }
    const { userMessage, answered } = await answerThrough(channel)
    expect(deliveries).toBe(1)
    const stored = await testbed.testApp.database.prisma.message.findMany({
      where: { replyToId: userMessage.id },
    })
    expect(stored.map((message) => message.id)).toEqual([answered.ai_message?.message_id])
    // The question is answered, not failed: its attempt ended with the answer.
    const question = await testbed.testApp.database.prisma.message.findUniqueOrThrow({ where: { id: userMessage.id } })
    expect({ error: question.answerError, owner: question.answerOwner }).toEqual({ error: null, owner: null })
  })
})
