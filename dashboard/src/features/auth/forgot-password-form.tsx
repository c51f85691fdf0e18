// "Forgot password?": the address, then the server's answer, the same whether or not it has an account.
import { Banner, Button, Form, FormLayout, InlineError, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { useAskForLink } from './use-ask-for-link.ts'

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('')
  const { ask, error, sent, pending } = useAskForLink('/accounts/password-reset/')

  if (sent)
    return (
      <Banner tone="success" title="Check your e-mail">
        {sent}
      </Banner>
    )
  return (
    <Form onSubmit={() => void ask(email)}>
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
