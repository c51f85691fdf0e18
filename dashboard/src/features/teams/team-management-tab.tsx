// SPEC section 2, Settings, Team Management: create a team, add a member, and Your Teams.
import { BlockStack, Card, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { LoadFailedBanner } from '../../feedback/load-failed-banner.tsx'
import { AddMemberCard } from './add-member-card.tsx'
import { CreateTeamCard } from './create-team-card.tsx'
import { TeamCard } from './team-card.tsx'
import { teamsQuery } from './teams.queries.ts'
import { canManageTeam } from './teams.types.ts'
import './teams.css'

export function TeamManagementTab() {
  const client = useApi()
  const teams = useQuery(teamsQuery(client))
  return (
    <BlockStack gap="400">
      <div className="teams-forms">
        <CreateTeamCard />
        <AddMemberCard teams={(teams.data ?? []).filter(canManageTeam)} />
      </div>
      <BlockStack gap="300">
        <div className="section-heading">
          <Text as="h2" variant="headingLg">
            Your Teams
          </Text>
        </div>
        {teams.isPending ? (
          <Card>
            <SkeletonBodyText lines={4} />
          </Card>
        ) : teams.isError ? (
          <LoadFailedBanner
            title="Unable to load your teams"
            error={teams.error}
            onRetry={() => void teams.refetch()}
          />
        ) : teams.data.length === 0 ? (
          <Card>
            <Text as="p" tone="subdued" alignment="center">
              No teams created yet
            </Text>
          </Card>
        ) : (
          teams.data.map((team) => <TeamCard key={team.team_id} team={team} />)
        )}
      </BlockStack>
    </BlockStack>
  )
}
