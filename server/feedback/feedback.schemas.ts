// Answer feedback: a thumbs up or down on one of the agent's answers, with an optional comment on a
// thumbs-down. Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { idField } from '../../shared/ids.schemas.ts'
import { multiLineText } from '../../shared/text-rules.schemas.ts'

export const FEEDBACK_MESSAGES = {
  rating: 'rating must be up or down',
  notAnAnswer: "Only the agent's answers can be rated.",
  messageRequired: 'message_id must be the id of an answer',
} as const

const RATINGS = ['up', 'down'] as const
export type Rating = (typeof RATINGS)[number]

const rateFields = {
  rating: z.enum(RATINGS, { error: FEEDBACK_MESSAGES.rating }),
  /** Why an answer fell short: kept with a thumbs-down only. */
  comment: multiLineText({ label: 'Comment', max: 1_000 }).optional(),
}

/** POST /conversations/{agentId}/{conversationId}/{messageId}/feedback/ (the dashboard). */
export const RateAnswerSchema = z.strictObject(rateFields, { error: FEEDBACK_MESSAGES.rating })

/** POST /conversations/api/chat/{conversationId}/feedback/ (the widget). */
export const RateVisitorAnswerSchema = z.strictObject(
  { message_id: idField(FEEDBACK_MESSAGES.messageRequired), ...rateFields },
  { error: FEEDBACK_MESSAGES.rating },
)

/** One rating as it is answered: the answer it rates, up or down, the comment, when it was last changed. */
export const FeedbackViewSchema = z.strictObject({
  message_id: z.string(),
  rating: z.enum(RATINGS),
  comment: z.string().nullable(),
  updated_at: z.string(),
})
export type FeedbackView = z.infer<typeof FeedbackViewSchema>
