// The page an e-mailed reset link opens: a new password under the sign-up rules, typed twice.
import { Button, Form, FormLayout, InlineError } from '@shopify/polaris'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { meetsPasswordRules, MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { formProblem } from '../../forms/form-problem.ts'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { PasswordChecklist } from './password-checklist.tsx'
import { PasswordField } from './password-field.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

// Both typed, then the same twice; the button waits for the password rules, the server checks them again.
const ResetPasswordFieldsSchema = z
  .object({
    password: z.string().min(1, { error: MESSAGES.passwordFieldsRequired }),
    confirmation: z.string().min(1, { error: MESSAGES.passwordFieldsRequired }),
  })
  .refine((fields) => fields.password === fields.confirmation, {
    error: 'New passwords do not match',
    path: ['confirmation'],
  })

export function ResetPasswordForm({ token, onDone }: { token: string; onDone(message: string): void }) {
  const client = useApi()
  const form = useSchemaForm({
    schema: ResetPasswordFieldsSchema,
    defaultValues: { password: '', confirmation: '' },
  })
  const password = useWatch({ control: form.control, name: 'password' })
  const error = formProblem(form.formState.errors)
  const pending = form.formState.isSubmitting
  const rulesMet = meetsPasswordRules(password)

  const submit = async ({ password }: z.output<typeof ResetPasswordFieldsSchema>) => {
    try {
      const answer = await client.call(sessionRoutes.confirmPasswordReset, { body: { token, new_password: password } })
      onDone(answer.message)
    } catch (failure) {
      form.setError('root', {
        message:
          failure instanceof Error && failure.message
            ? failure.message
            : 'Could not set the password. Please try again.',
      })
    }
  }

  return (
    <Form onSubmit={() => void form.handleSubmit(submit)()}>
      <FormLayout>
        <PasswordField form={form} name="password" label="New password" autoComplete="new-password" />
        <PasswordChecklist password={password} />
        <PasswordField form={form} name="confirmation" label="Confirm new password" autoComplete="new-password" />
        <div role="alert">{error ? <InlineError message={error} fieldID="reset-password" /> : null}</div>
        <Button submit variant="primary" size="large" fullWidth loading={pending} disabled={pending || !rulesMet}>
          {pending ? 'Setting password...' : 'Set new password'}
        </Button>
      </FormLayout>
    </Form>
  )
}
