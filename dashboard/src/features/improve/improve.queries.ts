// The Improve tab's reads and changes (docs/api/agents-and-knowledge.md, Questions to improve).
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { agentKnowledgeKey } from '../../shared/query-keys.ts'
import { agentDataRoutes } from '../../api/routes/agent-data-routes.ts'

const improveKey = (agentId: string) => ['improve', agentId] as const

export const improveQuery = (client: ApiClient, agentId: string) =>
  queryOptions({
    queryKey: improveKey(agentId),
    queryFn: async () => (await client.call(agentDataRoutes.questionsToImprove, { params: { agentId } })).questions,
  })

export function useAnswerQuestion(agentId: string) {
  return useApiMutation({
    run: (client: ApiClient, input: { question: string; answer: string }) =>
      client.call(agentDataRoutes.answerQuestion, { params: { agentId }, body: input }),
    errorTitle: 'Failed to save the answer',
    successToast: { title: 'Answer saved', message: 'The agent answers this question from it from now on.' },
    invalidates: [improveKey(agentId), agentKnowledgeKey(agentId)],
  })
}

export function useDismissQuestion(agentId: string) {
  return useApiMutation({
    run: (client: ApiClient, question: string) =>
      client.call(agentDataRoutes.dismissQuestion, { params: { agentId }, body: { question } }),
    errorTitle: 'Failed to dismiss the question',
    successToast: { title: 'Question dismissed' },
    invalidates: [improveKey(agentId)],
  })
}
