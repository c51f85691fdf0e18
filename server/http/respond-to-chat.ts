import type { Request, Response } from 'express'
import { CONVERSATION_MESSAGES } from '../conversations/conversations.schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { errorBody } from './error-body.ts'
import { disconnectSignal, openEventStream, wantsEventStream, type EventStream } from './event-stream.ts'

/** What a chat call reports while it works: the saved user message, then each piece of the answer. */
export interface StreamEvents {
  onUserMessage?(message: unknown): void
  onToken?(text: string): void
}

export type Answering = (events: StreamEvents, signal: AbortSignal) => Promise<unknown>

/**
 * Answers a chat call as JSON, or as Server-Sent Events when asked: `user_message` once it is saved,
 * `token` events as the answer comes, then `done` with both saved messages (or `error`). Failures
 * before the stream opens (validation, access) are ordinary JSON errors.
 */
export async function respondToChat(req: Request, res: Response, streamFlag: unknown, answering: Answering) {
  const signal = disconnectSignal(res)
  if (!wantsEventStream(req, streamFlag)) {
    res.json(await answering({}, signal))
    return
  }
  let stream: EventStream | null = null
  const open = () => (stream ??= openEventStream(res))
  try {
    const result = await answering({ onUserMessage: (message) => open().send('user_message', message), onToken: (text) => open().send('token', { text }) }, signal)
    open().send('done', result)
  } catch (error) {
    if (!stream) throw error
    const known = error instanceof AppError
    if (!known) req.log.error({ err: error }, 'chat stream failed')
    open().send('error', known ? errorBody(error.code, error.detail, String(req.id), error.extra) : errorBody('INTERNAL', CONVERSATION_MESSAGES.sendFailed, String(req.id)))
  }
  open().close()
}
