// A member's actions menu (SPEC section 2): Activate, Deactivate, Remove, Delete, each confirmed first;
// for an invitation not yet accepted, Resend invitation and Revoke invitation too.
import { ActionList, Button, Popover } from '@shopify/polaris'
import { MenuHorizontalIcon } from '@shopify/polaris-icons'
import { useState } from 'react'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { useMemberAction, type MemberAction } from './teams.mutations.ts'
import type { Team, TeamMember } from './teams.types.ts'

function wordsFor(action: MemberAction, name: string, team: string) {
  switch (action) {
    case 'activate':
      return {
        title: 'Activate member?',
        confirm: 'Activate',
        body: `${name} gets access to the agents of ${team} again.`,
      }
    case 'deactivate':
      return {
        title: 'Deactivate member?',
        confirm: 'Deactivate',
        body: `${name} stays in ${team} but loses access to its agents until activated again.`,
      }
    case 'remove':
      return {
        title: 'Remove member?',
        confirm: 'Remove',
        body: `${name} will be removed from ${team} and lose access to its agents.`,
      }
    case 'delete':
      return {
        title: 'Delete member?',
        confirm: 'Delete',
        body: `${name}'s membership of ${team} will be deleted for good. Add them again to give access back.`,
      }
    case 'resend':
      return {
        title: 'Send the invitation again?',
        confirm: 'Send',
        body: `${name} gets a new link to join ${team}, valid for 7 days. The link sent before stops working.`,
      }
    case 'revoke':
      return {
        title: 'Revoke invitation?',
        confirm: 'Revoke',
        body: `The link sent to ${name} stops working and they will not join ${team}.`,
      }
  }
}

export function MemberActionsMenu({ team, member }: { team: Team; member: TeamMember }) {
  const [isOpen, setIsOpen] = useState(false)
  const [asked, setAsked] = useState<MemberAction | null>(null)
  const calls = {
    activate: useMemberAction('activate'),
    deactivate: useMemberAction('deactivate'),
    remove: useMemberAction('remove'),
    delete: useMemberAction('delete'),
    resend: useMemberAction('resend'),
    revoke: useMemberAction('revoke'),
  }
  const status = member.team_member_status ?? 'active'
  // Pending means not joined yet: the invitation can be sent again or withdrawn.
  const isInvited = status === 'pending' || (status === 'deactivated' && member.team_member_invited_at !== null)
  const ask = (action: MemberAction) => () => {
    setIsOpen(false)
    setAsked(action)
  }
  const words = asked ? wordsFor(asked, member.team_member_name, team.team_name) : null

  return (
    <>
      <Popover
        active={isOpen}
        onClose={() => setIsOpen(false)}
        preferredAlignment="right"
        activator={
          <Button
            icon={MenuHorizontalIcon}
            variant="tertiary"
            accessibilityLabel={`Actions for ${member.team_member_name}`}
            onClick={() => setIsOpen((open) => !open)}
          />
        }
      >
        <ActionList
          actionRole="menuitem"
          items={[
            {
              content: 'Activate',
              onAction: ask('activate'),
              disabled: status === 'active',
              helpText: status === 'pending' ? 'Pending until they accept the invitation' : undefined,
            },
            { content: 'Deactivate', onAction: ask('deactivate'), disabled: status === 'deactivated' },
            ...(isInvited
              ? [
                  { content: 'Resend invitation', onAction: ask('resend'), disabled: status === 'deactivated' },
                  { content: 'Revoke invitation', onAction: ask('revoke'), destructive: true },
                ]
              : []),
            { content: 'Remove', onAction: ask('remove'), destructive: true },
            { content: 'Delete', onAction: ask('delete'), destructive: true },
          ]}
        />
      </Popover>
      <ConfirmModal
        open={asked !== null}
        title={words?.title ?? ''}
        confirmLabel={words?.confirm ?? ''}
        destructive={asked !== 'activate' && asked !== 'resend'}
        busy={asked ? calls[asked].isPending : false}
        onCancel={() => setAsked(null)}
        onConfirm={() =>
          asked &&
          calls[asked].mutate(
            { team_id: team.team_id, team_member_id: member.team_member_id },
            { onSettled: () => setAsked(null) },
          )
        }
      >
        {words?.body ?? ''}
      </ConfirmModal>
    </>
  )
}
