// Whether the agent embeds what is added as soon as it is read (its "Train new knowledge automatically"
// setting), read from the agent the detail page has loaded already: the add forms' toasts say what happens next.
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { agentQuery } from '../agents/agents.queries.ts'

export function useTrainsAutomatically(agentId: string): boolean {
  const client = useApi()
  return useQuery(agentQuery(client, agentId)).data?.auto_embed ?? false
}
