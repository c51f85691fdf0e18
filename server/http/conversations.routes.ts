import { Router, type RequestHandler } from 'express'
import type { FileStorage } from '../storage/file-storage.ts'
import { readAttachment } from '../conversations/read-attachment.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { checkConversationActive } from '../conversations/check-conversation-active.ts'
import {
  ChatInputSchema,
  CONVERSATION_MESSAGES,
  ConversationListQuerySchema,
  CreateConversationSchema,
  MessagesQuerySchema,
  SelectMessageVersionSchema,
  SendMessageSchema,
  UpdateConversationSchema,
  UpdateMessageSchema,
} from '../conversations/conversations.schemas.ts'
import { createConversation } from '../conversations/create-conversation.ts'
import { getConversationOrAgentList } from '../conversations/get-conversation-or-list.ts'
import { listAllConversations } from '../conversations/list-conversations.ts'
import { listMessages } from '../conversations/list-messages.ts'
import { productsShownIn } from '../shopify/products/products-shown-in.ts'
import { markConversationRead } from '../conversations/mark-conversation-read.ts'
import { retryAnswer } from '../conversations/retry-answer.ts'
import { selectMessageVersion } from '../conversations/select-message-version.ts'
import { sendMessage, type AnsweringServices } from '../conversations/send-message.ts'
import { updateConversation } from '../conversations/update-conversation.ts'
import { updateMessage } from '../conversations/update-message.ts'
import { actorOf } from './authenticate.ts'
import type { RateLimits } from '../rate-limits/rate-limits.ts'
import { respondToChat } from './respond-to-chat.ts'
import { sendStoredFile } from './send-stored-file.ts'
import { parseIdParam } from './parse-id-param.ts'

/** SPEC section 7, Conversations: every call under /conversations/. */
/** What the door says after each outcome of editing a message. */
const MESSAGE_UPDATE_OUTCOMES = {
  deleted: 'Message deleted successfully',
  unchanged: 'Message unchanged',
  updated: 'Message updated successfully',
} as const

export function conversationRoutes({
  database,
  storage,
  answering,
  rateLimits,
  signedIn,
}: {
  database: Database
  storage: FileStorage
  answering: AnsweringServices
  rateLimits: RateLimits
  signedIn: RequestHandler
}): Router {
  const router = Router()
  // Every call that may produce an answer (and so cost an LLM call) counts against the user's chat limit.
  const limitChat: RequestHandler = async (_req, res, next) => {
    await rateLimits.limitChat(actorOf(res).userId)
    next()
  }
  const agentParam = (value: unknown) => parseIdParam(value, 'Agent not found')
  const conversationParam = (value: unknown) => parseIdParam(value, CONVERSATION_MESSAGES.notFound)

  router.get('/conversations/index/', signedIn, async (req, res) => {
    const query = ConversationListQuerySchema.parse(req.query)
    res.json(await listAllConversations(database, actorOf(res), { ...query, agentId: query.agent_id }))
  })
  router.post('/conversations/create/', signedIn, async (req, res) => {
    res.status(201).json({
      message: 'Conversation created successfully',
      ...(await createConversation(
        { database, plans: answering.plans },
        actorOf(res),
        CreateConversationSchema.parse(req.body),
      )),
    })
  })
  // The send call whose path the SPEC does not show: everything in the body.
  router.post('/conversations/chat/', signedIn, limitChat, async (req, res) => {
    const body = SendMessageSchema.parse(req.body)
    await respondToChat({
      req,
      res,
      streamFlag: body.stream,
      answering: (events, signal) =>
        sendMessage(answering, {
          actor: actorOf(res),
          agentId: body.agent_id,
          conversationId: body.conversation_id,
          text: body.message_text,
          events,
          signal,
        }),
    })
  })
  const chatRoute: RequestHandler = async (req, res) => {
    // A JSON body is strict; the GET form's query is not (query strings may carry more).
    const input =
      req.method === 'GET'
        ? ChatInputSchema.parse(req.query)
        : ChatInputSchema.strict().parse({ ...(req.query.stream ? { stream: req.query.stream } : {}), ...req.body })
    const agentId = agentParam(req.params.agentId)
    const conversationId = conversationParam(req.params.conversationId)
    await respondToChat({
      req,
      res,
      streamFlag: input.stream,
      answering: (events, signal) =>
        sendMessage(answering, {
          actor: actorOf(res),
          agentId,
          conversationId,
          text: input.message_text,
          events,
          signal,
        }),
    })
  }
  router.get('/conversations/chat/:agentId/:conversationId/', signedIn, limitChat, chatRoute)
  router.post('/conversations/chat/:agentId/:conversationId/', signedIn, limitChat, chatRoute)
  router.put('/conversations/:conversationId/read/', signedIn, async (req, res) => {
    res.json({
      message: 'Conversation marked as read',
      ...(await markConversationRead(database, actorOf(res), conversationParam(req.params.conversationId))),
    })
  })
  router.get('/conversations/:agentId/:conversationId/check-active/', signedIn, async (req, res) => {
    res.json(
      await checkConversationActive(database, {
        actor: actorOf(res),
        agentId: agentParam(req.params.agentId),
        conversationId: conversationParam(req.params.conversationId),
      }),
    )
  })
  router.get('/conversations/:agentId/:conversationId/messages/', signedIn, async (req, res) => {
    res.json(
      await listMessages(database, {
        actor: actorOf(res),
        agentId: agentParam(req.params.agentId),
        conversationId: conversationParam(req.params.conversationId),
        query: MessagesQuerySchema.parse(req.query),
        productsShown: productsShownIn,
      }),
    )
  })
  router.post('/conversations/:agentId/:conversationId/update/', signedIn, async (req, res) => {
    const update = UpdateConversationSchema.parse(req.body)
    res.json({
      message: update.is_deleted ? 'Conversation deleted successfully' : 'Conversation updated successfully',
      ...(await updateConversation(database, {
        actor: actorOf(res),
        agentId: agentParam(req.params.agentId),
        conversationId: conversationParam(req.params.conversationId),
        update,
      })),
    })
  })
  router.post('/conversations/:agentId/:conversationId/:messageId/update/', signedIn, async (req, res) => {
    const change = UpdateMessageSchema.parse(req.body)
    const messageId = parseIdParam(req.params.messageId, CONVERSATION_MESSAGES.messageNotFound)
    const { outcome, ...result } = await updateMessage(database, {
      actor: actorOf(res),
      agentId: agentParam(req.params.agentId),
      conversationId: conversationParam(req.params.conversationId),
      messageId,
      change,
      answering,
    })
    res.json({ message: MESSAGE_UPDATE_OUTCOMES[outcome], ...result })
  })
  router.post(
    '/conversations/:agentId/:conversationId/:messageId/versions/:version/select/',
    signedIn,
    async (req, res) => {
      SelectMessageVersionSchema.parse(req.body ?? {})
      const version = Number(req.params.version)
      if (!Number.isInteger(version) || version < 1 || version > 10_000)
        throw new AppError('NOT_FOUND', 'This question has no such version.')
      res.json({
        message: 'Version selected',
        ...(await selectMessageVersion(database, {
          actor: actorOf(res),
          agentId: agentParam(req.params.agentId),
          conversationId: conversationParam(req.params.conversationId),
          messageId: parseIdParam(req.params.messageId, CONVERSATION_MESSAGES.messageNotFound),
          version,
          answering,
        })),
      })
    },
  )
  router.post('/conversations/:agentId/:conversationId/:messageId/retry/', signedIn, limitChat, async (req, res) => {
    const agentId = agentParam(req.params.agentId)
    const conversationId = conversationParam(req.params.conversationId)
    const messageId = parseIdParam(req.params.messageId, CONVERSATION_MESSAGES.messageNotFound)
    await respondToChat({
      req,
      res,
      streamFlag: req.query.stream,
      answering: (events, signal) =>
        retryAnswer(answering, { actor: actorOf(res), agentId, conversationId, messageId, events, signal }),
    })
  })
  router.get('/conversations/:agentId/:conversationId/:messageId/attachments/:index/', signedIn, async (req, res) => {
    const messageId = parseIdParam(req.params.messageId, CONVERSATION_MESSAGES.messageNotFound)
    const index = Number(req.params.index)
    if (!Number.isInteger(index) || index < 0 || index > 20) throw new AppError('NOT_FOUND', 'Attachment not found')
    const { file, name } = await readAttachment(database, {
      storage,
      actor: actorOf(res),
      agentId: agentParam(req.params.agentId),
      conversationId: conversationParam(req.params.conversationId),
      messageId,
      index,
    })
    // A visitor's file: downloaded, never rendered in the dashboard's origin.
    await sendStoredFile(res, file, { downloadName: name })
  })
  // One path, two meanings in the SPEC: an agent's conversation list, or one conversation by its id.
  router.get('/conversations/:id/', signedIn, async (req, res) => {
    if (['undefined', 'null'].includes(String(req.params.id)))
      throw new AppError('BAD_REQUEST', CONVERSATION_MESSAGES.agentRequiredToFetch)
    const id = parseIdParam(req.params.id, CONVERSATION_MESSAGES.notFound)
    res.json(await getConversationOrAgentList(database, { actor: actorOf(res), id, query: req.query }))
  })
  return router
}
