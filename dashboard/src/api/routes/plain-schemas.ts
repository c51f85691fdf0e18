// The shapes the server has no schema of its own for: a change's message (read by the toast) and an
// empty body. Answers here are not strict: only what the dashboard reads is kept (the server's own
// answer schemas, used everywhere else, are strict).
import { z } from 'zod'

/** A change answered with the message its toast shows (and whatever else, unread). */
export const MessageAnswerSchema = z.object({ message: z.string() })

/** A change whose answer the dashboard does not read: any JSON object; a message, when there is one. */
export const ChangeAnswerSchema = z.object({ message: z.string().optional() })

/** A POST that carries nothing but is sent as JSON ({}). */
export const EmptyBodySchema = z.strictObject({})
