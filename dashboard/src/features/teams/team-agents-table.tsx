// The agents a team gives access to (SPEC section 2): agent name, created date, Remove. Used in a team's
// details and in Agent Permissions; removing asks first, since the team's people lose the agent.
import { Button, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { formatDate } from './format-date.ts'
import { useRemoveAgent } from './teams.mutations.ts'
import { teamAgentsQuery } from './teams.queries.ts'
import { canManageTeam, type Team, type TeamAgent } from './teams.types.ts'
import { TablePlaceholder } from './table-placeholder.tsx'
import '../../shared/stacked-table.css'

export function TeamAgentsTable({ team, emptyText }: { team: Team; emptyText: string }) {
  const client = useApi()
  const agents = useQuery(teamAgentsQuery(client, team.team_id))
  const removeAgent = useRemoveAgent()
  const [removing, setRemoving] = useState<TeamAgent | null>(null)
  const canManage = canManageTeam(team)

  if (agents.isPending)
    return (
      <TablePlaceholder>
        <SkeletonBodyText lines={3} />
      </TablePlaceholder>
    )
  if (agents.isError)
    return <TablePlaceholder retry={() => void agents.refetch()}>{agents.error.message}</TablePlaceholder>
  if (agents.data.length === 0) return <TablePlaceholder>{emptyText}</TablePlaceholder>

  return (
    <div className="team-table-wrap">
      <table className="team-table stacked-table" role="table" aria-label={`Agents assigned to ${team.team_name}`}>
        <thead>
          <tr role="row">
            <th role="columnheader" scope="col">
              Agent name
            </th>
            <th role="columnheader" scope="col">
              Created
            </th>
            {canManage && (
              <th role="columnheader" scope="col" className="team-table__actions">
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {agents.data.map((agent) => (
            <tr role="row" key={agent.agent_id}>
              <td role="cell" data-label="Agent">
                <Text as="span" fontWeight="medium">
                  {agent.agent_name}
                </Text>
              </td>
              <td role="cell" data-label="Created">
                {formatDate(agent.agent_created_at)}
              </td>
              {canManage && (
                <td role="cell" data-label="Actions" className="team-table__actions">
                  <Button
                    tone="critical"
                    variant="plain"
                    onClick={() => setRemoving(agent)}
                    accessibilityLabel={`Remove ${agent.agent_name} from ${team.team_name}`}
                  >
                    Remove
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmModal
        open={removing !== null}
        title="Remove agent from team?"
        confirmLabel="Remove"
        busy={removeAgent.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          removeAgent.mutate(
            { team_id: team.team_id, agent_id: removing.agent_id },
            { onSettled: () => setRemoving(null) },
          )
        }
      >
        {`${removing?.agent_name ?? 'This agent'} will no longer be shared with ${team.team_name}. Its members lose access; the agent itself stays.`}
      </ConfirmModal>
    </div>
  )
}
