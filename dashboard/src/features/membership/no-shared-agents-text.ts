import type { Team } from '../teams/teams.types.ts'

export const NO_SHARED_AGENTS = 'No agents have been shared with you yet'

/** "Ask Olivia Owner (or an admin of Helpdesk) to assign one in Settings → Agent Permissions.", each owner named once. */
export function askToShareText(teams: Team[]): string {
  const owners = [...new Set(teams.map((team) => team.team_owner_name))]
  const names = owners.length > 1 ? `${owners.slice(0, -1).join(', ')} or ${owners.at(-1)}` : owners[0]
  const admins = teams.length === 1 ? `an admin of ${teams[0]?.team_name}` : 'an admin of the team'
  return `Ask ${names} (or ${admins}) to assign one in Settings → Agent Permissions.`
}
