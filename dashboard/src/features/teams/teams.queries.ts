// Reading teams: one query factory per call; every key starts with 'teams' so a change refreshes all.
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { teamRoutes } from '../../api/routes/team-routes.ts'

export const TEAMS_KEY = ['teams'] as const

export const teamsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: [...TEAMS_KEY, 'list'],
    queryFn: () => client.call(teamRoutes.list),
    select: (answer) => answer.teams ?? [],
  })

export const teamMembersQuery = (client: ApiClient, teamId: string) =>
  queryOptions({
    queryKey: [...TEAMS_KEY, 'members', teamId],
    queryFn: () => client.call(teamRoutes.members, { query: { team_id: teamId } }),
    select: (answer) => answer.team_members ?? [],
  })

export const teamAgentsQuery = (client: ApiClient, teamId: string) =>
  queryOptions({
    queryKey: [...TEAMS_KEY, 'agents', teamId],
    queryFn: () => client.call(teamRoutes.agents, { query: { team_id: teamId } }),
    select: (answer) => answer.agents ?? [],
  })
