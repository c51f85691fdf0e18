// The page an e-mailed reset link opens: a new password under the sign-up rules, typed twice.
import { Button, Form, FormLayout, InlineError } from '@shopify/polaris'
import { useState } from 'react'
import { meetsPasswordRules, MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { PasswordChecklist } from './password-checklist.tsx'
import { PasswordField } from './password-field.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

export function ResetPasswordForm({ token, onDone }: { token: string; onDone(message: string): void }) {
  const client = useApi()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const rulesMet = meetsPasswordRules(password)

  const submit = async () => {
    if (!password || !confirmation) {
      setError(MESSAGES.passwordFieldsRequired)
      return
    }
    if (password !== confirmation) {
      setError('New passwords do not match')
      return
    }
    setError(null)
    setPending(true)
    try {
      const answer = await client.call(sessionRoutes.confirmPasswordReset, { body: { token, new_password: password } })
      onDone(answer.message)
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : 'Could not set the password. Please try again.',
      )
    } finally {
      setPending(false)
    }
  }

  return (
    <Form onSubmit={() => void submit()}>
      <FormLayout>
        <PasswordField label="New password" autoComplete="new-password" value={password} onChange={setPassword} />
        <PasswordChecklist password={password} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
        />
        <div role="alert">{error ? <InlineError message={error} fieldID="reset-password" /> : null}</div>
        <Button submit variant="primary" size="large" fullWidth loading={pending} disabled={pending || !rulesMet}>
          {pending ? 'Setting password...' : 'Set new password'}
        </Button>
      </FormLayout>
    </Form>
  )
}
