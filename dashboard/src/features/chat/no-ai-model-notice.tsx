// "No AI model is set up on this server": said to the team (the agent's Chat tab, Settings), never to a
// website visitor, whose answers simply quote the sources.
import { Banner } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { statsRoutes } from '../../api/routes/stats-routes.ts'

export function NoAiModelNotice() {
  return (
    <Banner tone="info" title="No AI model is set up on this server">
      These answers are the sources' own sentences, chosen for the question. Set LLM_BASE_URL and LLM_API_KEY on the
      server for answers in the agent's own words.
    </Banner>
  )
}

/** The notice when the server says no model writes the answers; nothing while it is asked, or if it cannot say. */
export function NoAiModelNoticeIfNone() {
  const client = useApi()
  const setup = useQuery({
    queryKey: ['server-setup'],
    queryFn: () => client.call(statsRoutes.serverSetup),
    staleTime: 5 * 60_000,
  })
  return setup.data && setup.data.ai_model === null ? <NoAiModelNotice /> : null
}
