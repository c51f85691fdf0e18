// "Email me a sign-in link" (decision 037): asks for a one-time link to the address typed; the server's
// answer is the same whether or not the address has an account.
import { Banner, BlockStack, Button, InlineError } from '@shopify/polaris'
import { useState } from 'react'
import { MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'

export function EmailMeASignInLink({
  email,
  prominent = false,
}: {
  /** The address typed in the form it sits in. */
  email: string
  /** Offered because password sign-in is held back (the 429's sign_in_link): the main action then. */
  prominent?: boolean
}) {
  const client = useApi()
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const send = async () => {
    if (!email.trim()) {
      setError(MESSAGES.resetEmailRequired)
      return
    }
    setError(null)
    setPending(true)
    try {
      const answer = await client.request<{ message: string }>('/accounts/login/link/', {
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
    <BlockStack gap="200">
      <Button
        variant={prominent ? 'primary' : 'plain'}
        size={prominent ? 'large' : undefined}
        fullWidth={prominent}
        loading={pending}
        disabled={pending}
        onClick={() => void send()}
      >
        Email me a sign-in link
      </Button>
      <div role="alert">{error ? <InlineError message={error} fieldID="sign-in-link" /> : null}</div>
    </BlockStack>
  )
}
