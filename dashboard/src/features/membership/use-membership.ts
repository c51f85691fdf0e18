// Where the signed-in user stands: the teams of other accounts they are in (whose agents they work on),
// and whether they have a plan of their own. Someone who signed up through a team invitation has none
// (issue 37): the screens show them the team's situation instead of selling them a plan they did not
// come for, and offer their own free trial for agents of their own.
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { serverSetupQuery } from '../../shared/server-setup-query.ts'
import { subscriptionQuery } from '../billing/billing.queries.ts'
import { teamsQuery } from '../teams/teams.queries.ts'
import { isOwnTeam, type Team } from '../teams/teams.types.ts'

export interface Membership {
  /** Teams of other accounts the user is an active member of. */
  memberOf: Team[]
  /** The account never had a plan (no trial either): nothing of its own to upgrade. */
  hasNoOwnPlan: boolean
  /** Limits are enforced and the account may start its free trial (POST /plans/start-trial/). */
  canStartTrial: boolean
}

export function useMembership(): Membership {
  const client = useApi()
  const teams = useQuery(teamsQuery(client))
  const subscription = useQuery(subscriptionQuery(client))
  const setup = useQuery(serverSetupQuery(client))
  const hasNoOwnPlan = subscription.data?.kind === 'none'
  return {
    memberOf: (teams.data ?? []).filter((team) => !isOwnTeam(team)),
    hasNoOwnPlan,
    canStartTrial: hasNoOwnPlan && setup.data?.billing_mode === 'enforced',
  }
}
