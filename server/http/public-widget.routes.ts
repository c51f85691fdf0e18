import express, { Router } from 'express'
import type { VisitorChannel } from '../compose-channels.ts'
import type { AnsweringServices } from '../conversations/send-message.ts'
import type { Database } from '../db/database.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { createWidgetConversation } from '../widgets/public/create-widget-conversation.ts'
import { listVisitorConversations } from '../widgets/public/list-visitor-conversations.ts'
import { listVisitorMessages } from '../widgets/public/list-visitor-messages.ts'
import { readPublicConfiguration } from '../widgets/public/public-configuration.ts'
import { readWidgetLogo } from '../widgets/public/read-widget-logo.ts'
import { refreshWidgetSession } from '../widgets/public/refresh-widget-session.ts'
import { requestOrigin } from '../widgets/public/request-origin.ts'
import { requireWidgetCaller, type WidgetCaller } from '../widgets/public/require-widget-caller.ts'
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_TYPE,
  prepareAttachment,
} from '../widgets/public/receive-attachment.ts'
import { admitVisitorMessage } from '../widgets/public/admit-visitor-message.ts'
import type { Conversation } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { isPlanRefusal } from '../billing/plan-refusals.ts'
import { VISITOR_LANGUAGES, visitorRefusal } from '../billing/visitor-refusal.ts'
import type { AccountStanding } from '../billing/account-standing.ts'
import { sendWidgetMessage } from '../widgets/public/send-widget-message.ts'
import { startWidgetSession } from '../widgets/public/start-widget-session.ts'
import { readProductCards } from '../shopify/products/read-product-cards.ts'
import { toVisitorMessage } from '../widgets/public/visitor-message-view.ts'
import {
  CreateWidgetConversationSchema,
  RefreshWidgetSchema,
  StartWidgetSchema,
  WidgetConfigurationQuerySchema,
  WidgetMessageSchema,
} from '../widgets/public/widget-chat.schemas.ts'
import type { WidgetSettings } from '../widgets/public/widget-settings.ts'
import type { MessageView } from '../conversations/conversations.schemas.ts'
import { parseIdParam } from './parse-id-param.ts'
import type { RateLimits } from '../rate-limits/rate-limits.ts'
import { receiveSingleFile } from './receive-single-file.ts'
import { refuseNulCharacters } from './refuse-nul-characters.ts'
import { respondToChat } from './respond-to-chat.ts'
import { sendStoredFile } from './send-stored-file.ts'
import { visitorChatRoutes } from './visitor-chat.routes.ts'
import { widgetCors } from './widget-cors.ts'
import type { ConversationSignals } from '../live/conversation-signals.ts'
import { sendsSecret } from './sends-secret.ts'

const inVisitorView = new WeakSet<AppError>()

/**
 * A failure as a visitor may see it: the saved message in the visitor's view, never the team's; a plan's
 * refusal as the assistant being paused (saying a person can still be asked for, where one can).
 */
function visitorError(error: unknown, req: express.Request, caller?: WidgetCaller): unknown {
  if (isPlanRefusal(error))
    return visitorRefusal(req.acceptsLanguages(VISITOR_LANGUAGES), {
      personOffered: caller?.integration.humanHandoff ?? false,
    })
  if (!(error instanceof AppError) || !error.extra?.user_message || inVisitorView.has(error)) return error
  const shown = new AppError(error.code, error.detail, {
    ...error.extra,
    user_message: toVisitorMessage(error.extra.user_message as MessageView),
  })
  // Kept, so the router's own error handler passes it on as it is.
  inVisitorView.add(shown)
  return shown
}

// A widget sends short messages: a small body limit keeps abuse cheap.
const WIDGET_BODY_LIMIT = '32kb'

interface PublicWidgetOptions {
  database: Database
  storage: FileStorage
  answering: AnsweringServices
  /** The channel each visitor speaks through (the composition root's): the storefront's or the website's. */
  visitorChannel: VisitorChannel
  settings: WidgetSettings
  rateLimits: RateLimits
  signals: ConversationSignals
}

/** SPEC section 7, Public widget calls, the widget configuration and logos: no user session, a visitor's. */
export function publicWidgetRoutes({
  database,
  storage,
  answering,
  visitorChannel,
  settings,
  rateLimits,
  signals,
}: PublicWidgetOptions): Router {
  const router = Router()
  router.use(
    ['/conversations/api', '/widget-configurations', '/widget-logos'],
    widgetCors,
    express.json({ limit: WIDGET_BODY_LIMIT }),
    refuseNulCharacters,
  )
  const originOf = (req: express.Request) => requestOrigin({ origin: req.get('origin'), referer: req.get('referer') })
  const callerOf = (req: express.Request) =>
    requireWidgetCaller(database, { settings, authorization: req.get('authorization'), origin: originOf(req) })

  const start: express.RequestHandler = async (req, res) => {
    const { client_key, visitor_token } = StartWidgetSchema.parse(req.body ?? {})
    await rateLimits.limitWidgetStart(req.ip)
    res.status(201).json(
      await startWidgetSession(database, {
        settings,
        clientKey: client_key,
        origin: originOf(req),
        visitorToken: visitor_token || undefined,
      }),
    )
  }
  router.post('/conversations/api/start-chat-widget/', sendsSecret, start)
  router.post('/conversations/api/tokens/', sendsSecret, start)
  router.post('/conversations/api/tokens/refresh/', sendsSecret, async (req, res) => {
    const { refresh_token } = RefreshWidgetSchema.parse(req.body ?? {})
    res.json(await refreshWidgetSession(database, { settings, refreshToken: refresh_token, origin: originOf(req) }))
  })
  router.post('/conversations/api/create/', async (req, res) => {
    const caller = await callerOf(req)
    await rateLimits.limitWidgetMessage(caller.session.id, caller.integration.id)
    res
      .status(201)
      .json(
        await createWidgetConversation(
          { database, plans: answering.plans, linkBase: settings.linkBase },
          caller,
          CreateWidgetConversationSchema.parse(req.body ?? {}),
        ),
      )
  })
  router.get('/conversations/api/conversations/', async (req, res) => {
    res.json(await listVisitorConversations(database, await callerOf(req)))
  })
  router.get('/conversations/api/chat/:conversationId/', async (req, res) => {
    const caller = await callerOf(req)
    res.json(
      await listVisitorMessages(database, caller, parseIdParam(req.params.conversationId, 'Conversation not found')),
    )
  })
  // Everything that can refuse a message is checked before a multipart body is read: strangers, spent
  // budgets and closed conversations cannot make the server buffer or parse files.
  const admitMessage: express.RequestHandler = async (req, res, next) => {
    const caller = await callerOf(req)
    const conversationId = parseIdParam(req.params.conversationId, 'Conversation not found')
    res.locals.caller = caller
    const admitted = await admitVisitorMessage(
      { database, settings, plans: answering.plans },
      {
        caller,
        conversationId,
        limitMessages: () => rateLimits.limitWidgetMessage(caller.session.id, caller.integration.id),
      },
    )
    res.locals.conversation = admitted.conversation
    res.locals.standing = admitted.standing
    res.locals.paused = admitted.paused
    next()
  }
  const attachmentUpload = receiveSingleFile({
    field: 'attachment',
    maxBytes: ATTACHMENT_MAX_BYTES,
    tooLargeMessage: ATTACHMENT_TOO_LARGE,
    invalidMessage: ATTACHMENT_TYPE,
  })
  router.post('/conversations/api/chat/:conversationId/', admitMessage, attachmentUpload, async (req, res) => {
    const caller = res.locals.caller as WidgetCaller
    const conversation = res.locals.conversation as Conversation
    const body = (req.body ?? {}) as Record<string, unknown>
    // A file alone is a message too: its name stands for the text (less any control character, which message text refuses).
    const text =
      req.file && !String(body.message_text ?? '').trim()
        ? `Attached: ${req.file.originalname.replace(/\p{Cc}/gu, '').slice(0, 120)}`
        : body.message_text
    const input = WidgetMessageSchema.parse({
      ...(req.query.stream ? { stream: req.query.stream } : {}),
      ...body,
      message_text: text,
    })
    const file = req.file
      ? await prepareAttachment({
          integration: caller.integration,
          conversationId: conversation.id,
          file: req.file,
          limits: settings.extractionLimits,
        })
      : undefined
    await respondToChat({
      req,
      res,
      streamFlag: input.stream,
      answering: async (events, signal) => {
        try {
          // The team's live view hears of the visitor's message once it is saved, and of the answer: both
          // change the conversation's row, whose trigger signals every process (NOTIFY).
          const visitorEvents = {
            onToken: events.onToken,
            onUserMessage: (message: MessageView) => events.onUserMessage?.(toVisitorMessage(message)),
          }
          const result = await sendWidgetMessage(answering, {
            storage,
            caller,
            channel: visitorChannel(caller.session),
            conversation,
            text: input.message_text,
            file,
            standing: res.locals.standing as AccountStanding,
            paused: res.locals.paused as AppError | null,
            signals,
            events: visitorEvents,
            signal,
            linkBase: settings.linkBase,
          })
          const answer = result.ai_message
          const cards = answer
            ? await readProductCards(database, { shopId: caller.session.shopId, messages: [answer] })
            : undefined
          return {
            conversation_id: result.conversation_id,
            user_message: toVisitorMessage(result.user_message),
            ai_message: answer && toVisitorMessage(answer, cards),
          }
        } catch (error) {
          // A failed answer is written on the message alone: the streams are told here.
          void signals.changed(conversation.id)
          throw visitorError(error, req, caller)
        }
      },
    })
  })
  router.use(visitorChatRoutes({ database, signals, rateLimits, linkBase: settings.linkBase, callerOf }))
  router.get('/widget-configurations/', async (req, res) => {
    const { client_key } = WidgetConfigurationQuerySchema.parse(req.query)
    res.setHeader('Cache-Control', 'no-cache')
    res.json(await readPublicConfiguration(database, client_key, originOf(req)))
  })
  router.get('/widget-logos/:integrationId/:fileName', async (req, res) => {
    const file = await readWidgetLogo(database, {
      storage,
      integrationId: parseIdParam(req.params.integrationId, 'Logo not found'),
      fileName: String(req.params.fileName),
    })
    // Shown by <img> on the customer's pages; a new logo gets a new name.
    await sendStoredFile(res, file, { publicImage: true })
  })
  // A plan's refusal of anything above (a new conversation, an admitted message) reads politely to the visitor.
  router.use(((error, req, res, next) =>
    next(
      visitorError(error, req, res.locals.caller as WidgetCaller | undefined),
    )) satisfies express.ErrorRequestHandler)
  return router
}
