// An agent's Improve tab (issue 21): the questions its knowledge did not answer and the answers rated
// unhelpful, grouped by similar question, newest first. Writing the right answer in place adds it to the
// agent's knowledge (embedded at once); Dismiss takes a question off the list until it is asked again.
import { Banner, BlockStack, Button, Card, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import type { QuestionToImprove } from '#server/improve/improve.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { QuestionCard } from './question-card.tsx'
import { improveQuery } from './improve.queries.ts'
import './improve.css'

export function ImproveTab({ agentId }: { agentId: string }) {
  const client = useApi()
  const questions = useQuery(improveQuery(client, agentId))
  return (
    <div className="improve-tab">
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Questions to improve
            </Text>
            <Text as="p" tone="subdued">
              Questions your agent could not answer from its knowledge, and answers people rated unhelpful. Write the
              right answer once: it becomes a text of the agent&apos;s knowledge, and the agent answers from it.
            </Text>
          </BlockStack>
        </Card>
        {questions.isPending ? (
          <Card>
            <SkeletonBodyText lines={4} />
          </Card>
        ) : questions.isError ? (
          <Banner
            tone="critical"
            title="Unable to load the questions"
            action={{ content: 'Try Again', onAction: () => void questions.refetch() }}
          >
            <p>{questions.error.message}</p>
          </Banner>
        ) : questions.data.length === 0 ? (
          <Card>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                Nothing to improve right now
              </Text>
              <Text as="p" tone="subdued">
                Questions the agent cannot answer, and answers rated with a thumbs down, appear here.
              </Text>
            </BlockStack>
          </Card>
        ) : (
          <ul className="improve-list" aria-label="Questions to improve">
            {questions.data.map((question: QuestionToImprove) => (
              <QuestionCard key={question.key} agentId={agentId} question={question} />
            ))}
          </ul>
        )}
        {questions.isFetched && questions.data?.length ? (
          <Text as="p" variant="bodySm" tone="subdued">
            The last 90 days are shown.
          </Text>
        ) : null}
        {questions.isRefetchError ? <Button onClick={() => void questions.refetch()}>Try Again</Button> : null}
      </BlockStack>
    </div>
  )
}
