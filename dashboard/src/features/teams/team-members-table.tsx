// A team's people (SPEC section 2): name, e-mail, role, status, actions; name and role edit inline.
// Only the owner and the team's admins see members (docs/permissions.md); others get a short note.
import { SkeletonBodyText } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { MemberNameSchema } from '#server/teams/teams.schemas.ts'
import { InlineEdit } from './inline-edit.tsx'
import { MemberActionsMenu } from './member-actions-menu.tsx'
import { MemberStatusBadge } from './member-status-badge.tsx'
import { TablePlaceholder } from './table-placeholder.tsx'
import { useUpdateMemberName, useUpdateMemberRole } from './teams.mutations.ts'
import { teamMembersQuery } from './teams.queries.ts'
import { canManageTeam, ROLE_OPTIONS, type Team, type TeamMember, type TeamRole } from './teams.types.ts'
import { validationMessage } from './validation-message.ts'
import '../../shared/stacked-table.css'

const roleLabel = (role: TeamRole) => ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role

export function TeamMembersTable({ team }: { team: Team }) {
  if (!canManageTeam(team))
    return <TablePlaceholder>Only the team owner and its admins see the team's members.</TablePlaceholder>
  return <ManagedMembersTable team={team} />
}

function ManagedMembersTable({ team }: { team: Team }) {
  const client = useApi()
  const members = useQuery(teamMembersQuery(client, team.team_id))
  if (members.isPending)
    return (
      <TablePlaceholder>
        <SkeletonBodyText lines={3} />
      </TablePlaceholder>
    )
  if (members.isError)
    return <TablePlaceholder retry={() => void members.refetch()}>{members.error.message}</TablePlaceholder>
  if (members.data.length === 0)
    return <TablePlaceholder>No members in this team yet. Add one with Add Team Member.</TablePlaceholder>
  return (
    <div className="team-table-wrap">
      <table className="team-table stacked-table" role="table" aria-label={`Members of ${team.team_name}`}>
        <thead>
          <tr role="row">
            <th role="columnheader" scope="col">
              Name
            </th>
            <th role="columnheader" scope="col">
              E-mail
            </th>
            <th role="columnheader" scope="col">
              Role
            </th>
            <th role="columnheader" scope="col">
              Status
            </th>
            <th role="columnheader" scope="col" className="team-table__actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {members.data.map((member) => (
            <MemberRow key={member.team_member_id} team={team} member={member} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function MemberRow({ team, member }: { team: Team; member: TeamMember }) {
  const rename = useUpdateMemberName()
  const changeRole = useUpdateMemberRole()
  const ref = { team_id: team.team_id, team_member_id: member.team_member_id }
  return (
    <tr role="row" data-testid="team-member-row">
      <td role="cell" data-label="Name">
        <InlineEdit
          label={`name of ${member.team_member_name}`}
          value={member.team_member_name}
          validate={(name) => validationMessage(MemberNameSchema.shape.team_member_name, name)}
          onSave={(name) => rename.mutateAsync({ ...ref, team_member_name: name })}
        />
      </td>
      <td role="cell" data-label="E-mail">
        {member.team_member_email}
      </td>
      <td role="cell" data-label="Role">
        <InlineEdit
          label={`role of ${member.team_member_name}`}
          value={member.team_member_role}
          options={ROLE_OPTIONS}
          onSave={(role) => changeRole.mutateAsync({ ...ref, team_member_role: role as TeamRole })}
        >
          {roleLabel(member.team_member_role)}
        </InlineEdit>
      </td>
      <td role="cell" data-label="Status">
        <MemberStatusBadge status={member.team_member_status} invitedAt={member.team_member_invited_at} />
      </td>
      <td role="cell" data-label="Actions" className="team-table__actions">
        <MemberActionsMenu team={team} member={member} />
      </td>
    </tr>
  )
}
