// SPEC section 2, User profile: photo, full name (editable), e-mail, member since, and the plan badge,
// which names the plan the account has (the same reading as Usage & Plan and Settings): the plan paid
// for, its free trial, or No plan. The SPEC's badge always read Free Plan, whatever was paid (issue 37).
import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { UpdateProfileSchema } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import type { SessionUser } from '../../session/session-check.ts'
import { subscriptionQuery } from '../billing/billing.queries.ts'
import { planBadge } from '../billing/subscription-state.ts'
import { formatDate } from '../teams/format-date.ts'
import { InlineEdit } from '../teams/inline-edit.tsx'
import { validationMessage } from '../teams/validation-message.ts'
import { ProfilePhoto } from './profile-photo.tsx'
import { useCancelEmailChange, useResendEmailCheck, useUpdateFullName } from './profile.mutations.ts'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-fact">
      <dt>
        <Text as="span" tone="subdued" variant="bodySm">
          {label}
        </Text>
      </dt>
      <dd>{children}</dd>
    </div>
  )
}

export function ProfileCard({ user }: { user: SessionUser }) {
  const updateFullName = useUpdateFullName()
  return (
    <Card>
      <div className="profile-card">
        <ProfilePhoto user={user} />
        <BlockStack gap="300">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingLg">
              {user.full_name}
            </Text>
            <PlanBadge />
          </InlineStack>
          <dl className="profile-facts">
            <Fact label="Full name">
              <InlineEdit
                label="full name"
                value={user.full_name}
                validate={(name) => validationMessage(UpdateProfileSchema.shape.full_name, name)}
                onSave={(name) => updateFullName.mutateAsync(name)}
              />
            </Fact>
            <Fact label="E-mail">
              <EmailFact user={user} />
            </Fact>
            <Fact label="Member since">{formatDate(user.date_joined)}</Fact>
          </dl>
        </BlockStack>
      </div>
    </Card>
  )
}

/** The plan's badge once the subscription is read; nothing while it loads or when it cannot be read. */
function PlanBadge() {
  const reading = useQuery(subscriptionQuery(useApi()))
  if (!reading.data) return null
  const badge = planBadge(reading.data)
  return (
    <span data-testid="profile-plan-badge">
      <Badge tone={badge.tone}>{badge.label}</Badge>
    </span>
  )
}

/** The sign-in e-mail, whether it is proven, and a change waiting for its link; a new link on request. */
function EmailFact({ user }: { user: SessionUser }) {
  const resend = useResendEmailCheck()
  const cancel = useCancelEmailChange()
  const isWaiting = !user.email_verified || user.pending_email !== null
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center" wrap>
        <Text as="span" breakWord>
          {user.email}
        </Text>
        {user.email_verified ? <Badge tone="success">Verified</Badge> : <Badge tone="attention">Not verified</Badge>}
      </InlineStack>
      {user.pending_email ? (
        <Text as="p" tone="subdued" variant="bodySm" breakWord>
          Changing to {user.pending_email}: open the link we sent there.
        </Text>
      ) : !user.email_verified ? (
        <Text as="p" tone="subdued" variant="bodySm">
          Open the link we sent to this address, so team invitations find you.
        </Text>
      ) : null}
      {isWaiting ? (
        <InlineStack gap="300">
          <Button variant="plain" loading={resend.isPending} onClick={() => resend.mutate()}>
            Send the link again
          </Button>
          {user.pending_email ? (
            <Button variant="plain" tone="critical" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel the change
            </Button>
          ) : null}
        </InlineStack>
      ) : null}
    </BlockStack>
  )
}
