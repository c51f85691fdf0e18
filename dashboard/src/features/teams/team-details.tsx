// A team's details (SPEC section 2): two tabs, Team Members and Assigned Agents.
import { Tabs } from '@shopify/polaris'
import { useState } from 'react'
import { TeamAgentsTable } from './team-agents-table.tsx'
import { TeamMembersTable } from './team-members-table.tsx'
import type { Team } from './teams.types.ts'

export function TeamDetails({ team }: { team: Team }) {
  const [selected, setSelected] = useState(0)
  const tabs = [
    { id: `${team.team_id}-members`, content: 'Team Members', panelID: `${team.team_id}-members-panel` },
    { id: `${team.team_id}-agents`, content: 'Assigned Agents', panelID: `${team.team_id}-agents-panel` },
  ]
  return (
    <Tabs tabs={tabs} selected={selected} onSelect={setSelected}>
      <div className="team-details__panel">
        {selected === 0 ? (
          <TeamMembersTable team={team} />
        ) : (
          <TeamAgentsTable team={team} emptyText="No agents assigned to this team" />
        )}
      </div>
    </Tabs>
  )
}
