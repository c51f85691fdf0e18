// Questions to improve: what the agent could not answer from its knowledge, or answered unhelpfully, and
// the answer the team writes in their place. Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { multiLineText, singleLineText } from '../../shared/text-rules.schemas.ts'

const IMPROVE_MESSAGES = {
  questionRequired: 'Question and answer are required',
  dismissRequired: 'Question is required',
} as const

const question = singleLineText({ label: 'Question', max: 500, required: IMPROVE_MESSAGES.questionRequired })

/** POST /agents/{agentId}/improve/answer/: the right answer to a question, kept in the agent's knowledge. */
export const AnswerToImproveSchema = z.strictObject(
  {
    question,
    answer: multiLineText({ label: 'Answer', max: 20_000, required: IMPROVE_MESSAGES.questionRequired }),
  },
  { error: IMPROVE_MESSAGES.questionRequired },
)
export type AnswerToImprove = z.infer<typeof AnswerToImproveSchema>

/** POST /agents/{agentId}/improve/dismiss/: a question the agent need not answer (spam, small talk). */
export const DismissQuestionSchema = z.strictObject(
  { question: singleLineText({ label: 'Question', max: 500, required: IMPROVE_MESSAGES.dismissRequired }) },
  { error: IMPROVE_MESSAGES.dismissRequired },
)

/**
 * One question to improve: similar questions grouped, newest first. `reason` is `unhelpful` when any of
 * its answers was rated down, else `no_answer` (the knowledge grounded none of them); `reasons` counts each.
 */
const QuestionToImproveSchema = z.strictObject({
  question: z.string(),
  key: z.string(),
  count: z.number(),
  last_asked_at: z.string(),
  reason: z.enum(['no_answer', 'unhelpful']),
  reasons: z.strictObject({ no_answer: z.number(), unhelpful: z.number() }),
  /** The agent's latest answer to it, and the reasons raters gave for a thumbs-down. */
  last_answer: z.string(),
  comments: z.array(z.string()),
  conversation_id: z.string(),
})
export type QuestionToImprove = z.infer<typeof QuestionToImproveSchema>

export const QuestionsToImproveSchema = z.strictObject({ questions: z.array(QuestionToImproveSchema) })
