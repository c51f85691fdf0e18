// Sign up (SPEC sections 2 and 5): e-mail, full name, password with its live checklist; Sign Up stays
// disabled until every password rule passes.
import { Button, Form, FormLayout, InlineError, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { PasswordField } from './password-field.tsx'
import { meetsPasswordRules, MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { useToast } from '../../feedback/toast-context.tsx'
import { useSession } from '../../session/session-context.tsx'
import { takePendingInvitation } from '../teams/pending-invitation.ts'
import { PasswordChecklist } from './password-checklist.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

export function SignUpForm({
  onRegisteredWithoutSession,
  initialEmail = '',
  invitationToken,
}: {
  onRegisteredWithoutSession(): void
  /** The address an invitation was sent to. */
  initialEmail?: string
  /** The invitation's secret: signing up joins its team (and, with the invited address, confirms it). */
  invitationToken?: string
}) {
  const client = useApi()
  const toaster = useToast()
  const { signIn } = useSession()
  const [email, setEmail] = useState(initialEmail)
  const [fullName, setFullName] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const rulesMet = meetsPasswordRules(password)

  const submit = async () => {
    if (!email.trim() || !password || !fullName.trim()) {
      setError(MESSAGES.registerRequired)
      return
    }
    if (!rulesMet) {
      setError(MESSAGES.passwordRules)
      return
    }
    setError(null)
    setPending(true)
    try {
      const answer = await client.call(sessionRoutes.signUp, {
        body: {
          email: email.trim(),
          password,
          full_name: fullName.trim(),
          ...(invitationToken ? { invitation_token: invitationToken } : {}),
        },
      })
      if (answer.team) {
        // Joined with the sign-up: nothing is left for the signed-in frame to accept.
        takePendingInvitation()
        toaster.success('Invitation accepted', answer.message)
      }
      if (answer.tokens) signIn(answer)
      else {
        toaster.success('Registration successful', 'Please sign in with your new account.')
        onRegisteredWithoutSession()
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message || 'Registration failed' : 'Registration failed')
      toaster.error('Registration failed', 'Registration failed. Please try again.')
    } finally {
      setPending(false)
    }
  }

  return (
    <Form onSubmit={() => void submit()}>
      <FormLayout>
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <TextField label="Full name" autoComplete="name" value={fullName} onChange={setFullName} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          helpText={password && !rulesMet ? MESSAGES.passwordRules : undefined}
        />
        <PasswordChecklist password={password} />
        <div role="alert">{error ? <InlineError message={error} fieldID="sign-up" /> : null}</div>
        <Button submit variant="primary" size="large" fullWidth loading={pending} disabled={pending || !rulesMet}>
          {pending ? 'Signing up...' : 'Sign Up'}
        </Button>
      </FormLayout>
    </Form>
  )
}
