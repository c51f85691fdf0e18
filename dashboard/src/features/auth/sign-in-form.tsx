// Sign in (SPEC section 2, Auth screen): e-mail, password with show/hide, Sign In (Signing in...), and a
// one-time link by e-mail instead, offered most when the server holds password sign-in back (decision 037).
import { Banner, Button, Form, FormLayout, InlineError, InlineStack, Link } from '@shopify/polaris'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { EmailMeASignInLink } from './email-me-a-sign-in-link.tsx'
import { PasswordField } from './password-field.tsx'
import { LoginSchema, MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { ApiError } from '../../api/api-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { formProblem } from '../../forms/form-problem.ts'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { useSession } from '../../session/session-context.tsx'

// The server's rules, and a password of spaces only counts as none.
const SignInFieldsSchema = z.object({
  email: LoginSchema.shape.email,
  password: LoginSchema.shape.password.refine((value) => value.trim() !== '', { error: MESSAGES.loginRequired }),
})

export function SignInForm({
  initialEmail = '',
}: {
  /** The address an invitation was sent to. */ initialEmail?: string
}) {
  const client = useApi()
  const toaster = useToast()
  const { signIn } = useSession()
  const form = useSchemaForm({ schema: SignInFieldsSchema, defaultValues: { email: initialEmail, password: '' } })
  const typedEmail = useWatch({ control: form.control, name: 'email' })
  const error = formProblem(form.formState.errors)
  const pending = form.formState.isSubmitting
  // The 429's offer: the hint it gave, while password sign-in is held back for this address.
  const [linkOffer, setLinkOffer] = useState<string | null>(null)

  const submit = async ({ email, password }: z.output<typeof SignInFieldsSchema>) => {
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
      form.setError('root', {
        message: invalid ? message : failure instanceof Error ? failure.message || 'Login failed' : 'Login failed',
      })
      toaster.error('Login failed', message)
    }
  }

  return (
    <Form onSubmit={() => void form.handleSubmit(submit)()}>
      <FormLayout>
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" hideError />
        <PasswordField form={form} name="password" label="Password" autoComplete="current-password" />
        <InlineStack gap="400" align="space-between" blockAlign="center" wrap>
          <Link url="/auth/forgot-password">Forgot password?</Link>
          {linkOffer === null ? <EmailMeASignInLink email={typedEmail} /> : null}
        </InlineStack>
        <div role="alert">{error ? <InlineError message={error} fieldID="sign-in" /> : null}</div>
        {linkOffer !== null ? (
          <Banner tone="warning" title="Sign in with a link instead">
            <FormLayout>
              <p>{linkOffer || 'We can e-mail you a one-time link that signs you in.'}</p>
              <EmailMeASignInLink email={typedEmail} prominent />
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
