// Sign in (SPEC section 2, Auth screen): e-mail, password with show/hide, Sign In (Signing in...), and a
// one-time link by e-mail instead, offered most when the server holds password sign-in back (decision 037).
import { Banner, Button, Form, FormLayout, InlineError, InlineStack, Link, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { EmailMeASignInLink } from './email-me-a-sign-in-link.tsx'
import { PasswordField } from './password-field.tsx'
import { MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { ApiError } from '../../api/api-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { useSession } from '../../session/session-context.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

export function SignInForm({
  initialEmail = '',
}: {
  /** The address an invitation was sent to. */ initialEmail?: string
}) {
  const client = useApi()
  const toaster = useToast()
  const { signIn } = useSession()
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  // The 429's offer: the hint it gave, while password sign-in is held back for this address.
  const [linkOffer, setLinkOffer] = useState<string | null>(null)

  const submit = async () => {
    if (!email.trim() || !password.trim()) {
      setError(MESSAGES.loginRequired)
      return
    }
    setError(null)
    setPending(true)
    try {
      signIn(await client.call(sessionRoutes.signIn, { body: { email: email.trim(), password } }))
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429 && failure.body?.sign_in_link === true)
        setLinkOffer(typeof failure.body.hint === 'string' ? failure.body.hint : null)
      const invalid = failure instanceof ApiError && failure.status === 401
      const message = invalid
        ? 'Invalid email or password.'
        : failure instanceof ApiError && failure.status === 429
          ? failure.message
          : 'Error signing in. Please try again.'
      setError(invalid ? message : failure instanceof Error ? failure.message || 'Login failed' : 'Login failed')
      toaster.error('Login failed', message)
    } finally {
      setPending(false)
    }
  }

  return (
    <Form onSubmit={() => void submit()}>
      <FormLayout>
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
        <InlineStack gap="400" align="space-between" blockAlign="center" wrap>
          <Link url="/auth/forgot-password">Forgot password?</Link>
          {linkOffer === null ? <EmailMeASignInLink email={email} /> : null}
        </InlineStack>
        <div role="alert">{error ? <InlineError message={error} fieldID="sign-in" /> : null}</div>
        {linkOffer !== null ? (
          <Banner tone="warning" title="Sign in with a link instead">
            <FormLayout>
              <p>{linkOffer || 'We can e-mail you a one-time link that signs you in.'}</p>
              <EmailMeASignInLink email={email} prominent />
            </FormLayout>
          </Banner>
        ) : null}
        <Button submit variant="primary" size="large" fullWidth loading={pending} disabled={pending}>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </FormLayout>
    </Form>
  )
}
