import { Router, type RequestHandler } from 'express'
import { CONVERSATION_MESSAGES } from '../conversations/conversations.schemas.ts'
import { toConversationView } from '../conversations/conversation-view.ts'
import { PersonMessageSchema } from '../conversations/handoff/handoff.schemas.ts'
import { releaseConversation } from '../conversations/handoff/release-conversation.ts'
import { sendPersonMessage } from '../conversations/handoff/send-person-message.ts'
import { takeOverConversation } from '../conversations/handoff/take-over-conversation.ts'
import { requireConversation } from '../conversations/require-conversation.ts'
import type { Database } from '../db/database.ts'
import type { ConversationSignals } from '../live/conversation-signals.ts'
import type { AnsweringProcess } from '../conversations/answer-attempt.ts'
import type { RateLimits } from '../rate-limits/rate-limits.ts'
import { actorOf } from './authenticate.ts'
import { streamConversation } from './live-stream.ts'
import { parseIdParam } from './parse-id-param.ts'

export interface HandoffRoutesOptions {
  database: Database
  /** Meters an answer a joining stopped (on the plan and its channel's budget), and logs what it could not. */
  answering: Pick<AnsweringProcess, 'database' | 'logger' | 'channels'>
  signals: ConversationSignals
  rateLimits: RateLimits
  signedIn: RequestHandler
}

/**
 * Live takeover, the team's side (docs/api/conversations-and-dashboard.md): join a visitor's chat, write
 * to the visitor, hand the chat back to the agent, and follow a conversation as it changes.
 */
export function handoffRoutes({ database, answering, signals, rateLimits, signedIn }: HandoffRoutesOptions): Router {
  const router = Router()
  const chatOf = (params: Record<string, unknown>, res: Parameters<RequestHandler>[1]) => ({
    actor: actorOf(res),
    agentId: parseIdParam(params.agentId, 'Agent not found'),
    conversationId: parseIdParam(params.conversationId, CONVERSATION_MESSAGES.notFound),
  })

  router.post('/conversations/:agentId/:conversationId/takeover/', signedIn, async (req, res) => {
    const options = chatOf(req.params, res)
    const { conversation, notice, changed } = await takeOverConversation(answering, options)
    if (changed) await signals.changed(options.conversationId)
    res.json({ message: 'You joined the chat', conversation, notice })
  })
  router.post('/conversations/:agentId/:conversationId/release/', signedIn, async (req, res) => {
    const options = chatOf(req.params, res)
    const { conversation, notice } = await releaseConversation(database, options)
    await signals.changed(options.conversationId)
    res.json({ message: 'The agent answers this chat again', conversation, notice })
  })
  router.post('/conversations/:agentId/:conversationId/reply/', signedIn, async (req, res) => {
    const options = chatOf(req.params, res)
    await rateLimits.limitChat(options.actor.userId)
    const { message_text } = PersonMessageSchema.parse(req.body)
    const message = await sendPersonMessage(database, { ...options, text: message_text })
    await signals.changed(options.conversationId)
    res.status(201).json({ message: 'Message sent', data: message })
  })
  // Server-Sent Events: `changed` with the conversation as it stands and whether the caller is the one in
  // it (holding), at once and after every change.
  router.get('/conversations/:agentId/:conversationId/live/', signedIn, async (req, res) => {
    const { actor, agentId, conversationId } = chatOf(req.params, res)
    await requireConversation(database, { actor, agentId, conversationId, need: 'read' })
    await rateLimits.limitLiveStreams(`user:${actor.userId}`)
    await streamConversation({
      req,
      res,
      signals,
      conversationId,
      onChange: async (stream) => {
        const { conversation } = await requireConversation(database, { actor, agentId, conversationId, need: 'read' })
        stream.send('changed', {
          conversation: toConversationView(conversation),
          holding: conversation.personUserId === actor.userId,
        })
      },
    })
  })
  return router
}
