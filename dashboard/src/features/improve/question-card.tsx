// One question to improve: how often and when it was asked, why it is here, the agent's last answer, what
// raters said, and the answer the team writes in place (or Dismiss).
import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { AnswerToImproveSchema, type QuestionToImprove } from '#server/improve/improve.schemas.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { formatDate } from '../../shared/format/format-dates.ts'
import { AccessNote, useAgentCan } from '../agents/agent-access.tsx'
import { useAnswerQuestion, useDismissQuestion } from './improve.queries.ts'

const REASONS = { no_answer: 'Not answered from the knowledge', unhelpful: 'Rated unhelpful' } as const

const AnswerFieldsSchema = z.object({ answer: AnswerToImproveSchema.shape.answer })

export function QuestionCard({ agentId, question }: { agentId: string; question: QuestionToImprove }) {
  const [writing, setWriting] = useState(false)
  const form = useSchemaForm({ schema: AnswerFieldsSchema, defaultValues: { answer: '' } })
  const answer = useWatch({ control: form.control, name: 'answer' })
  const save = useAnswerQuestion(agentId)
  const dismiss = useDismissQuestion(agentId)
  // The answer becomes knowledge: for those who edit the agent (docs/permissions.md).
  const canAnswer = useAgentCan(agentId, 'edit')
  const asked = question.count === 1 ? 'Asked once' : `Asked ${question.count} times`
  return (
    <li data-testid="question-to-improve">
      <Card>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm" breakWord>
              {question.question}
            </Text>
            <InlineStack gap="200" blockAlign="center">
              <Badge tone={question.reason === 'unhelpful' ? 'critical' : 'attention'}>
                {REASONS[question.reason]}
              </Badge>
              <Text as="span" variant="bodySm" tone="subdued">
                {asked} · last on {formatDate(question.last_asked_at)}
              </Text>
            </InlineStack>
          </BlockStack>
          <BlockStack gap="100">
            <Text as="p" variant="bodySm" fontWeight="semibold">
              The agent&apos;s last answer
            </Text>
            <p className="improve-answer">{question.last_answer}</p>
          </BlockStack>
          {question.comments.length > 0 ? (
            <BlockStack gap="100">
              <Text as="p" variant="bodySm" fontWeight="semibold">
                What raters said
              </Text>
              <ul className="improve-comments">
                {question.comments.map((comment, index) => (
                  <li key={index}>“{comment}”</li>
                ))}
              </ul>
            </BlockStack>
          ) : null}
          {!canAnswer ? (
            <AccessNote need="edit">Only the agent&apos;s owner or a team admin can answer or dismiss it.</AccessNote>
          ) : writing ? (
            <form
              onSubmit={(event) =>
                void form.handleSubmit(({ answer }) =>
                  save.mutate({ question: question.question, answer }, { onSuccess: () => setWriting(false) }),
                )(event)
              }
            >
              <BlockStack gap="200">
                <FormTextField
                  form={form}
                  name="answer"
                  label="The right answer"
                  multiline={4}
                  autoComplete="off"
                  maxLength={20_000}
                  helpText="Saved as a text of the agent's knowledge, with the question, and used at once."
                />
                <InlineStack gap="200">
                  <Button submit variant="primary" loading={save.isPending} disabled={!answer.trim()}>
                    Save answer
                  </Button>
                  <Button onClick={() => setWriting(false)}>Cancel</Button>
                </InlineStack>
              </BlockStack>
            </form>
          ) : (
            <InlineStack gap="200">
              <Button variant="primary" onClick={() => setWriting(true)}>
                Write the answer
              </Button>
              <Button variant="plain" loading={dismiss.isPending} onClick={() => dismiss.mutate(question.question)}>
                Dismiss
              </Button>
            </InlineStack>
          )}
        </BlockStack>
      </Card>
    </li>
  )
}
