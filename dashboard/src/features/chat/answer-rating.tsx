// Under one of the agent's answers: the user's thumbs up or down (with an optional reason on a
// thumbs-down), and the visitor's rating of it in a visitor's conversation.
import { Button, InlineStack, Text } from '@shopify/polaris'
import { ThumbsDownIcon, ThumbsUpIcon } from '@shopify/polaris-icons'
import { useState } from 'react'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import type { Message } from '../conversations/conversation.types.ts'
import { CONVERSATIONS_KEY } from '../conversations/conversations.queries.ts'
import { conversationRoutes } from '../../api/routes/conversation-routes.ts'

export interface RatingTarget {
  agentId: string
  conversationId: string
}

interface RateInput {
  rating: 'up' | 'down'
  comment?: string
}

const ReasonFieldsSchema = z.object({ reason: z.string().trim() })

export function AnswerRating({ message, target }: { message: Message; target: RatingTarget | null }) {
  const [yours, setYours] = useState(message.feedback?.yours ?? null)
  const [asking, setAsking] = useState(false)
  const form = useSchemaForm({ schema: ReasonFieldsSchema, defaultValues: { reason: '' } })
  const rate = useApiMutation<RateInput>({
    run: (client: ApiClient, input) =>
      client.call(conversationRoutes.rate, {
        params: {
          agentId: target?.agentId ?? '',
          conversationId: target?.conversationId ?? '',
          messageId: message.message_id,
        },
        body: input,
      }),
    errorTitle: 'Failed to rate the answer',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
  })
  const choose = (input: RateInput) => {
    setYours(input.rating)
    setAsking(input.rating === 'down' && input.comment === undefined)
    rate.mutate(input)
  }
  const visitor = message.feedback?.visitor
  return (
    <div className="answer-rating">
      {target ? (
        <InlineStack gap="100" blockAlign="center">
          <Button
            size="micro"
            variant="tertiary"
            icon={ThumbsUpIcon}
            pressed={yours === 'up'}
            onClick={() => choose({ rating: 'up' })}
            accessibilityLabel="Helpful answer"
          />
          <Button
            size="micro"
            variant="tertiary"
            icon={ThumbsDownIcon}
            pressed={yours === 'down'}
            onClick={() => choose({ rating: 'down' })}
            accessibilityLabel="Unhelpful answer"
          />
        </InlineStack>
      ) : null}
      {asking ? (
        <form
          className="answer-rating__reason"
          onSubmit={(event) =>
            void form.handleSubmit(({ reason }) => choose({ rating: 'down', comment: reason }))(event)
          }
        >
          <FormTextField
            form={form}
            name="reason"
            label="What was missing? (optional)"
            labelHidden
            placeholder="What was missing? (optional)"
            autoComplete="off"
            maxLength={1000}
          />
          <Button submit size="slim">
            Send
          </Button>
        </form>
      ) : null}
      {visitor ? (
        <Text as="span" variant="bodySm" tone={visitor.rating === 'up' ? 'success' : 'critical'}>
          {`Visitor rated it ${visitor.rating === 'up' ? 'helpful' : 'unhelpful'}${visitor.comment ? `: “${visitor.comment}”` : ''}`}
        </Text>
      ) : null}
    </div>
  )
}
