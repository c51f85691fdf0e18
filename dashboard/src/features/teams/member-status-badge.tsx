// A member's real state from the API (team_member_status), not the SPEC's constant "Active": an invited
// person who has not accepted is pending (the badge says when the invitation went out), and a
// deactivated one has no access (docs/permissions.md).
import { Badge } from '@shopify/polaris'
import { useState } from 'react'
import { INVITATION_DAYS } from '#server/teams/teams.schemas.ts'
import { formatDate } from './format-date.ts'
import type { TeamMemberStatus } from './teams.types.ts'

const LOOK: Record<TeamMemberStatus, { label: string; tone: 'success' | 'attention' | 'critical' }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Pending', tone: 'attention' },
  deactivated: { label: 'Deactivated', tone: 'critical' },
}

export function MemberStatusBadge({
  status = 'active',
  invitedAt,
}: {
  status?: TeamMemberStatus
  invitedAt?: string | null
}) {
  const [shownAt] = useState(Date.now)
  const look = LOOK[status] ?? LOOK.active
  if (status === 'pending' && invitedAt) {
    const expired = shownAt - Date.parse(invitedAt) > INVITATION_DAYS * 86_400_000
    return (
      <Badge tone={expired ? 'critical' : look.tone}>
        {expired ? `Invitation expired (sent ${formatDate(invitedAt)})` : `Invitation sent ${formatDate(invitedAt)}`}
      </Badge>
    )
  }
  return <Badge tone={look.tone}>{look.label}</Badge>
}
