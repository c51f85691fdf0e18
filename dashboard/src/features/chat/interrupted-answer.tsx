// What an answer had written when it stopped (the stream broke, it timed out, it was stopped, or a person
// joined): kept on its question (`partial_answer` once `answer_failed`), shown as the answer it was,
// marked as not sent in full.
import { Text } from '@shopify/polaris'
import type { Message } from '../conversations/conversation.types.ts'
import { MessageText } from './message-text.tsx'

const INTERRUPTED_LABEL = 'Interrupted — not sent in full'

/** The question's interrupted answer, or nothing (no answer failed, or it had written nothing). */
export function InterruptedAnswer({ question }: { question: Message }) {
  if (question.sender_type !== 'user' || !question.answer_failed || !question.partial_answer) return null
  return (
    <li className="message message--ai message--interrupted" data-testid="message-interrupted">
      <div className="message__bubble" dir="auto">
        <MessageText text={question.partial_answer} />
      </div>
      <div className="message__meta">
        <Text as="span" variant="bodySm" tone="caution">
          {INTERRUPTED_LABEL}
        </Text>
      </div>
    </li>
  )
}
