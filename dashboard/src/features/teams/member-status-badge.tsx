// A member's real state from the API (team_member_status), not the SPEC's constant "Active": an invited
// person without an account is pending, and a deactivated one has no access (docs/permissions.md).
import { Badge } from '@shopify/polaris'
import type { TeamMemberStatus } from './teams.types.ts'

const LOOK: Record<TeamMemberStatus, { label: string; tone: 'success' | 'attention' | 'critical' }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Pending', tone: 'attention' },
  deactivated: { label: 'Deactivated', tone: 'critical' },
}

export function MemberStatusBadge({ status = 'active' }: { status?: TeamMemberStatus }) {
  const look = LOOK[status] ?? LOOK.active
  return <Badge tone={look.tone}>{look.label}</Badge>
}
