// On a team its owner or an admin manages: people are in it but no agent is shared with it yet, so they
// see nothing. Says so, and leads to Agent Permissions with the team chosen.
import { Banner } from '@shopify/polaris'
import { canManageTeam, type Team } from './teams.types.ts'

export function NoSharedAgentsHint({ team }: { team: Team }) {
  if (!canManageTeam(team) || !team.team_member_count || team.agent_count !== 0) return null
  return (
    <div data-testid="no-shared-agents-hint">
      <Banner
        tone="warning"
        title="No agents are shared with this team yet"
        action={{
          content: 'Assign an agent',
          url: `/app/settings?tab=permissions&team=${encodeURIComponent(team.team_id)}`,
        }}
      >
        <p>
          Its members see no agents until you assign one in Settings → Agent Permissions: admins then edit it, members
          chat with it, viewers read it.
        </p>
      </Banner>
    </div>
  )
}
