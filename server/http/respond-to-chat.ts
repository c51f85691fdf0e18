import type { Request, Response } from 'express'
import { CONVERSATION_MESSAGES } from '../conversations/conversations.schemas.ts'
import type { Actor } from '../accounts/actor.ts'
import { errorAnswerOf } from './error-answer.ts'
import { disconnectSignal, openEventStream, wantsEventStream, type EventStream } from './event-stream.ts'

/** What a chat call reports while it works: the saved user message, then each piece of the answer. */
interface StreamEvents {
  onUserMessage?(message: unknown): void
  onToken?(text: string): void
}

type Answering = (events: StreamEvents, signal: AbortSignal) => Promise<unknown>

export interface RespondToChatOptions {
  req: Request
  res: Response
  streamFlag: unknown
  answering: Answering
}

/**
 * Answers a chat call as JSON, or as Server-Sent Events when asked: `user_message` once it is saved,
 * `token` events as the answer comes, then `done` with both saved messages (or `error`, with the code a
 * JSON answer would carry: a database out of reach is SERVICE_UNAVAILABLE with retry_after). Failures
 * before the stream opens (validation, access) are ordinary JSON errors.
 */
export async function respondToChat({ req, res, streamFlag, answering }: RespondToChatOptions) {
  const signal = disconnectSignal(res)
  if (!wantsEventStream(req, streamFlag)) {
    res.json(await answering({}, signal))
    return
  }
  let stream: EventStream | null = null
  const open = () => (stream ??= openEventStream(res))
  try {
    const result = await answering(
      {
        onUserMessage: (message) => open().send('user_message', message),
        onToken: (text) => open().send('token', { text }),
      },
      signal,
    )
    open().send('done', result)
  } catch (error) {
    if (!stream) throw error
    // What handleErrors would have answered, as far as the status line cannot be sent any more.
    const answer = errorAnswerOf(error, {
      req,
      actorId: (res.locals.actor as Actor | undefined)?.userId,
      internalMessage: CONVERSATION_MESSAGES.sendFailed,
    })
    open().send('error', answer.body)
  }
  open().close()
}
