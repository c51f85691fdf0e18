// One team in Your Teams (SPEC section 2): name with an edit icon, created date, agent and member counts,
// delete (confirmed), and a Show/Hide Details toggle. Teams one only belongs to are read-only where the
// API refuses changes: only the owner renames or deletes (docs/permissions.md).
import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris'
import { DeleteIcon } from '@shopify/polaris-icons'
import { useState } from 'react'
import { TeamNameSchema } from '#server/teams/teams.schemas.ts'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { formatDate } from './format-date.ts'
import { InlineEdit } from './inline-edit.tsx'
import { NoSharedAgentsHint } from './no-shared-agents-hint.tsx'
import { TeamDetails } from './team-details.tsx'
import { useDeleteTeam, useRenameTeam } from './teams.mutations.ts'
import { isOwnTeam, type Team } from './teams.types.ts'
import { validationMessage } from './validation-message.ts'

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function facts(team: Team): string {
  const parts = [`Created ${formatDate(team.team_created_at)}`]
  if (typeof team.agent_count === 'number') parts.push(count(team.agent_count, 'agent'))
  if (typeof team.team_member_count === 'number') parts.push(count(team.team_member_count, 'member'))
  return parts.join(' · ')
}

export function TeamCard({ team }: { team: Team }) {
  const [showDetails, setShowDetails] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const renameTeam = useRenameTeam()
  const deleteTeam = useDeleteTeam()
  const isOwner = isOwnTeam(team)
  const detailsId = `team-details-${team.team_id}`

  return (
    <Card>
      <BlockStack gap="300">
        <div className="team-card__header" data-testid="team-card">
          <div className="team-card__title">
            <BlockStack gap="100">
              <InlineStack gap="200" blockAlign="center">
                <InlineEdit
                  label={`team name ${team.team_name}`}
                  value={team.team_name}
                  readOnly={!isOwner}
                  validate={(name) => validationMessage(TeamNameSchema, name)}
                  onSave={(name) => renameTeam.mutateAsync({ team_id: team.team_id, team_name: name })}
                >
                  <Text as="h3" variant="headingMd">
                    {team.team_name}
                  </Text>
                </InlineEdit>
                {!isOwner && team.my_role && (
                  <Badge tone="info">{`You are ${team.my_role === 'admin' ? 'an admin' : `a ${team.my_role}`}`}</Badge>
                )}
              </InlineStack>
              <Text as="p" tone="subdued" variant="bodySm">
                {facts(team)}
              </Text>
            </BlockStack>
          </div>
          <div className="team-card__actions">
            <Button
              onClick={() => setShowDetails((shown) => !shown)}
              ariaExpanded={showDetails}
              ariaControls={detailsId}
              disclosure={showDetails ? 'up' : 'down'}
            >
              {showDetails ? 'Hide Details' : 'Show Details'}
            </Button>
            {isOwner && (
              <Button
                icon={DeleteIcon}
                tone="critical"
                onClick={() => setConfirmDelete(true)}
                accessibilityLabel={`Delete team ${team.team_name}`}
              />
            )}
          </div>
        </div>
        <NoSharedAgentsHint team={team} />
        <div id={detailsId}>{showDetails && <TeamDetails team={team} />}</div>
      </BlockStack>
      <ConfirmModal
        open={confirmDelete}
        title="Delete team?"
        confirmLabel="Delete Team"
        busy={deleteTeam.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => deleteTeam.mutate({ team_id: team.team_id }, { onSettled: () => setConfirmDelete(false) })}
      >
        {`${team.team_name} will be deleted with its memberships and agent assignments. Its members lose access to its agents; the agents themselves stay.`}
      </ConfirmModal>
    </Card>
  )
}
