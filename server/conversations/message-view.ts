import type { Message } from '../db/generated/prisma/client.ts'
import type { AnswerFeedbackSummary } from '../feedback/answer-feedback-of.ts'
import type { MessageView, SourceView } from './conversations.schemas.ts'
import type { MessageVersions } from './message-versions.ts'

/** Attachments as clients see them: name, type, size and position; never where the file is stored. */
function attachmentsOf(value: unknown) {
  if (!Array.isArray(value)) return []
  return value.map((attachment: { name?: string; content_type?: string; size?: number }, index) => ({
    index,
    name: attachment.name,
    content_type: attachment.content_type,
    size: attachment.size,
  }))
}

const UNRATED: AnswerFeedbackSummary = { yours: null, visitor: null }

/**
 * A message as the SPEC names its fields (section 3), with its sources and token usage, for an answer
 * its ratings as the reader sees them (answerFeedbackOf; none given, none yet), and for an edited
 * question the version shown (messageVersionsOf; none read, none shown).
 */
export function toMessageView(
  message: Message,
  feedback?: AnswerFeedbackSummary,
  versions?: MessageVersions,
): MessageView {
  return {
    message_id: message.id,
    conversation_id: message.conversationId,
    message_text: message.text,
    sender_type: message.senderType,
    sender_name: message.senderName,
    timestamp: message.createdAt.toISOString(),
    is_read: message.isRead,
    is_deleted: message.isDeleted,
    is_archived: message.isArchived,
    message_link: message.messageLink,
    attachments: attachmentsOf(message.attachments),
    // Written only by saveAnswer, from sourcesCited.
    sources: message.sources as unknown as SourceView[],
    product_ids: message.productGids ?? [],
    // Read with the shop's catalogue by the messages list alone (productsShownIn).
    products: [],
    reply_to: message.replyToId,
    edited_at: message.editedAt?.toISOString() ?? null,
    versions: versions ?? null,
    answer_failed: message.answerError !== null,
    answer_failure: message.answerError,
    // A user message's answer as far as it was written: while it is being written, and once it failed.
    partial_answer: message.partialAnswer,
    feedback: message.senderType === 'ai' ? (feedback ?? UNRATED) : null,
    usage:
      message.senderType === 'ai'
        ? { model: message.model, prompt_tokens: message.promptTokens, completion_tokens: message.completionTokens }
        : null,
  }
}
