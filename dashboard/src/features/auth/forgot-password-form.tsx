// "Forgot password?": the address, then the server's answer, the same whether or not it has an account.
import { Banner, Button, Form, FormLayout, InlineError } from '@shopify/polaris'
import { z } from 'zod'
import { useAskForLink } from './use-ask-for-link.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'

// useAskForLink checks the address (blank: the SPEC's message) and sends it.
const ForgotPasswordFieldsSchema = z.object({ email: z.string() })

export function ForgotPasswordForm() {
  const form = useSchemaForm({ schema: ForgotPasswordFieldsSchema, defaultValues: { email: '' } })
  const { ask, error, sent, pending } = useAskForLink('/accounts/password-reset/')

  if (sent)
    return (
      <Banner tone="success" title="Check your e-mail">
        {sent}
      </Banner>
    )
  return (
    <Form onSubmit={() => void form.handleSubmit(({ email }) => ask(email))()}>
      <FormLayout>
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <div role="alert">{error ? <InlineError message={error} fieldID="forgot-password" /> : null}</div>
        <Button submit variant="primary" size="large" fullWidth loading={pending} disabled={pending}>
          {pending ? 'Sending...' : 'Send link'}
        </Button>
      </FormLayout>
    </Form>
  )
}
