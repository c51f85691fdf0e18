// Sign up (SPEC sections 2 and 5): e-mail, full name, password with its live checklist; Sign Up stays
// disabled until every password rule passes.
import { Button, Form, FormLayout, InlineError } from '@shopify/polaris'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { PasswordField } from './password-field.tsx'
import { meetsPasswordRules, MESSAGES, RegisterSchema } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { formProblem } from '../../forms/form-problem.ts'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { useSession } from '../../session/session-context.tsx'
import { takePendingInvitation } from '../teams/pending-invitation.ts'
import { PasswordChecklist } from './password-checklist.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

// Every field required first (in this order, so "All fields are required" comes before the password's
// rules), then the server's password rules; the server checks the address itself.
const SignUpFieldsSchema = z.object({
  email: z.string().trim().min(1, { error: MESSAGES.registerRequired }),
  full_name: RegisterSchema.shape.full_name,
  password: RegisterSchema.shape.password,
})

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
  const form = useSchemaForm({
    schema: SignUpFieldsSchema,
    defaultValues: { email: initialEmail, full_name: '', password: '' },
  })
  const password = useWatch({ control: form.control, name: 'password' })
  const error = formProblem(form.formState.errors)
  const pending = form.formState.isSubmitting
  const rulesMet = meetsPasswordRules(password)

  const submit = async ({ email, full_name: fullName, password }: z.output<typeof SignUpFieldsSchema>) => {
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
      form.setError('root', {
        message: failure instanceof Error ? failure.message || 'Registration failed' : 'Registration failed',
      })
      toaster.error('Registration failed', 'Registration failed. Please try again.')
    }
  }

  return (
    <Form onSubmit={() => void form.handleSubmit(submit)()}>
      <FormLayout>
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" hideError />
        <FormTextField form={form} name="full_name" label="Full name" autoComplete="name" hideError />
        <PasswordField
          form={form}
          name="password"
          label="Password"
          autoComplete="new-password"
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
