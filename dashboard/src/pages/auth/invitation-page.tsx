// /auth/invitation?token=...: where an e-mailed team invitation lands. It says which team invites which
// address; signed out, it offers sign-up (or sign-in, when the address has an account) with the address
// filled in, and the team is joined once signed in (AcceptPendingInvitation); signed in, one button joins.
import { Banner, BlockStack, Button, Link, Spinner, Tabs, Text } from '@shopify/polaris'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type SyntheticEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { InvitationView } from '#server/teams/teams.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { AuthScreen } from '../../features/auth/auth-screen.tsx'
import { ContinueWithGoogle } from '../../features/auth/continue-with-google.tsx'
import { SignInForm } from '../../features/auth/sign-in-form.tsx'
import { SignUpForm } from '../../features/auth/sign-up-form.tsx'
import { keepPendingInvitation, takePendingInvitation } from '../../features/teams/pending-invitation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import { useSession } from '../../session/session-context.tsx'
import { useRefreshSessionUser } from '../../session/use-refresh-session-user.ts'
import { teamRoutes } from '../../api/routes/team-routes.ts'

const TABS = [
  { id: 'signup', content: 'Sign Up' },
  { id: 'signin', content: 'Sign In' },
]

export function InvitationPage() {
  useDocumentTitle('Team invitation')
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const client = useApi()
  const invitation = useQuery({
    queryKey: ['team-invitation', token],
    queryFn: () => client.call(teamRoutes.invitation, { query: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  })

  if (!token || invitation.isError)
    return (
      <AuthScreen title="Team invitation">
        <Banner tone="critical" title="This invitation cannot be used">
          {invitation.error instanceof Error && invitation.error.message
            ? invitation.error.message
            : 'Open the link from the e-mail again, or ask the team for a new invitation.'}
        </Banner>
        <Link url="/auth">Go to sign in</Link>
      </AuthScreen>
    )
  if (!invitation.data)
    return (
      <AuthScreen title="Team invitation">
        <div className="page-loading" role="status">
          <Spinner accessibilityLabel="Loading the invitation" />
        </div>
      </AuthScreen>
    )
  return <InvitationScreen token={token} invitation={invitation.data} />
}

function InvitationScreen({ token, invitation }: { token: string; invitation: InvitationView }) {
  const { status, user } = useSession()
  const [selected, setSelected] = useState(invitation.has_account ? 1 : 0)
  const isSignedIn = status === 'signed-in' && user !== null
  // Once the visitor signs up or in from here (a form sent, Google chosen), the secret waits in this tab
  // until the sign-in is done, however it happens (Google's round trip too). Only looking keeps nothing.
  const keepOnIntent = (event: SyntheticEvent) => {
    if (event.type === 'submit' || (event.target instanceof Element && event.target.closest('button')))
      keepPendingInvitation(token)
  }
  return (
    <AuthScreen
      title={`Join the ${invitation.team_name} team`}
      subtitle={`${invitation.email} is invited to ${invitation.team_owner}'s team on AgentDesk, to work on its AI agents.`}
    >
      {isSignedIn && user ? (
        <JoinAsSignedIn token={token} email={user.email} />
      ) : (
        <Tabs tabs={TABS} selected={selected} onSelect={setSelected} fitted>
          <div className="auth-form" onSubmitCapture={keepOnIntent} onClickCapture={keepOnIntent}>
            {selected === 0 ? (
              <SignUpForm
                initialEmail={invitation.email}
                invitationToken={token}
                onRegisteredWithoutSession={() => setSelected(1)}
              />
            ) : (
              <SignInForm initialEmail={invitation.email} />
            )}
            <ContinueWithGoogle />
          </div>
        </Tabs>
      )}
    </AuthScreen>
  )
}

function JoinAsSignedIn({ token, email }: { token: string; email: string }) {
  const client = useApi()
  const refreshUser = useRefreshSessionUser()
  const queryClient = useQueryClient()
  const toaster = useToast()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const join = async () => {
    takePendingInvitation()
    setPending(true)
    setError(null)
    try {
      const answer = await client.call(teamRoutes.acceptInvitation, { body: { token } })
      toaster.success('Invitation accepted', answer.message)
      await refreshUser()
      await queryClient.invalidateQueries()
      void navigate('/app/dashboard', { replace: true })
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Could not join the team.')
    } finally {
      setPending(false)
    }
  }
  return (
    <BlockStack gap="300">
      <Text as="p">You are signed in as {email}. The team's agents join your dashboard.</Text>
      {error ? (
        <Banner tone="critical" title="Could not join the team">
          {error}
        </Banner>
      ) : null}
      <Button variant="primary" size="large" fullWidth loading={pending} onClick={() => void join()}>
        Join the team
      </Button>
    </BlockStack>
  )
}
