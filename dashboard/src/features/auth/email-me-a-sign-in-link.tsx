// "Email me a sign-in link" (decision 037): asks for a one-time link to the address typed; the server's
// answer is the same whether or not the address has an account.
import { Banner, BlockStack, Button, InlineError } from '@shopify/polaris'
import { useAskForLink } from './use-ask-for-link.ts'

export function EmailMeASignInLink({
  email,
  prominent = false,
}: {
  /** The address typed in the form it sits in. */
  email: string
  /** Offered because password sign-in is held back (the 429's sign_in_link): the main action then. */
  prominent?: boolean
}) {
  const { ask, error, sent, pending } = useAskForLink('/accounts/login/link/')

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
        onClick={() => void ask(email)}
      >
        Email me a sign-in link
      </Button>
      <div role="alert">{error ? <InlineError message={error} fieldID="sign-in-link" /> : null}</div>
    </BlockStack>
  )
}
