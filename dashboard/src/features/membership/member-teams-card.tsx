// On the Dashboard, for someone in other accounts' teams: which teams, whose, and in what role; when
// none of them shares an agent yet, that nothing will show until the owner or an admin assigns one; and,
// without a plan of their own, the free trial for agents of their own.
import { BlockStack, Card, InlineStack, List, Text } from '@shopify/polaris'
import type { Team } from '../teams/teams.types.ts'
import { askToShareText, NO_SHARED_AGENTS } from './no-shared-agents-text.ts'
import { StartTrialButton } from './start-trial-button.tsx'
import { useMembership } from './use-membership.ts'

const roleName = (team: Team) => (team.my_role === 'admin' ? 'an admin' : `a ${team.my_role}`)

export function MemberTeamsCard() {
  const { memberOf, canStartTrial } = useMembership()
  if (memberOf.length === 0) return null
  const [only] = memberOf
  const hasSharedAgents = memberOf.some((team) => team.agent_count > 0)
  return (
    <div data-testid="member-teams-card">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {memberOf.length === 1 && only
              ? `You are a member of ${only.team_name}`
              : `You are a member of ${memberOf.length} teams`}
          </Text>
          {memberOf.length === 1 && only ? (
            <Text as="p">{`${only.team_owner_name}'s team: you are ${roleName(only)}, working on the agents it shares with you, on ${only.team_owner_name}'s plan.`}</Text>
          ) : (
            <List>
              {memberOf.map((team) => (
                <List.Item key={team.team_id}>
                  {`${team.team_name}, ${team.team_owner_name}'s team: you are ${roleName(team)}`}
                </List.Item>
              ))}
            </List>
          )}
          {hasSharedAgents ? null : (
            <Text as="p" tone="caution" fontWeight="semibold">
              {`${NO_SHARED_AGENTS}. ${askToShareText(memberOf)}`}
            </Text>
          )}
          {canStartTrial ? (
            <InlineStack gap="300" blockAlign="center" wrap>
              <Text as="p" tone="subdued">
                Want agents of your own as well? Start your own 14-day free trial, no card needed.
              </Text>
              <StartTrialButton variant="secondary" />
            </InlineStack>
          ) : null}
        </BlockStack>
      </Card>
    </div>
  )
}
