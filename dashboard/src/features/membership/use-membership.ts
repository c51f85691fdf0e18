// Where the signed-in user stands: the teams of other accounts they are in (whose agents they work on),
// and whether they have a plan of their own. Someone who signed up through a team invitation has none
// (issue 37): the screens show them the team's situation instead of selling them a plan they did not
// come for, and offer their own free trial for agents of their own.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { useApi } from '../../api/api-context.tsx'
import { teamsQuery } from '../teams/teams.queries.ts'
import { isOwnTeam, type Team } from '../teams/teams.types.ts'
import { billingRoutes } from '../../api/routes/billing-routes.ts'

/** Under the billing key: whatever changes the plan (starting the trial too) reads it again. */
const planStandingQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['billing', 'standing'],
    queryFn: () => client.call(billingRoutes.standing),
  })

export interface Membership {
  /** Teams of other accounts the user is an active member of. */
  memberOf: Team[]
  /** Limits are enforced and the account never had a plan: it may start its free trial (POST /plans/start-trial/). */
  canStartTrial: boolean
}

export function useMembership(): Membership {
  const client = useApi()
  const teams = useQuery(teamsQuery(client))
  const standing = useQuery(planStandingQuery(client))
  return {
    memberOf: (teams.data ?? []).filter((team) => !isOwnTeam(team)),
    canStartTrial: standing.data?.status === 'none' && standing.data.billing_mode === 'enforced',
  }
}
