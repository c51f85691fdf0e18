// "Forgot password?": the address, then the server's answer, the same whether or not it has an account.
import { Banner, Button, Form, FormLayout, InlineError, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'

export function ForgotPasswordForm() {
  const client = useApi()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const submit = async () => {
    if (!email.trim()) {
      setError(MESSAGES.resetEmailRequired)
      return
    }
    setError(null)
    setPending(true)
    try {
      const answer = await client.request<{ message: string }>('/accounts/password-reset/', {
        method: 'POST',
        body: { email: email.trim() },
        auth: false,
      })
      setSent(answer.message)
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : 'Could not send the link. Please try again.',
      )
    } finally {
      setPending(false)
    }
  }

  if (sent)
    return (
      <Banner tone="success" title="Check your e-mail">
        {sent}
      </Banner>
    )
  return (
    <Form onSubmit={() => void submit()}>
      <FormLayout>
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <div role="alert">{error ? <InlineError message={error} fieldID="forgot-password" /> : null}</div>
        <Button submit variant="primary" size="large" fullWidth loading={pending} disabled={pending}>
          {pending ? 'Sending...' : 'Send link'}
        </Button>
      </FormLayout>
    </Form>
  )
}
