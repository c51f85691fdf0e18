// /auth/verify-email?token=...: where an e-mailed address check lands. Nothing happens until the reader
// confirms with the button (a mail scanner that opens links confirms nothing); then it says what
// happened: the address is proven, or the new sign-in e-mail took effect.
import { Banner, BlockStack, Button, Link, Text } from '@shopify/polaris'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { AuthScreen } from '../../features/auth/auth-screen.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import { useSession } from '../../session/session-context.tsx'
import { useRefreshSessionUser } from '../../session/use-refresh-session-user.ts'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

export function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail')
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const client = useApi()
  const { status } = useSession()
  const refreshUser = useRefreshSessionUser()
  const confirm = useMutation({
    mutationFn: () => client.call(sessionRoutes.confirmEmail, { body: { token } }),
  })
  // Signed in here (the session may finish its check after the answer), the profile is read again: the
  // address is proven, or the sign-in e-mail changed.
  const confirmed = confirm.isSuccess
  useEffect(() => {
    if (confirmed && status === 'signed-in') void refreshUser()
  }, [confirmed, status, refreshUser])

  const onward =
    status === 'signed-in' ? (
      <Button url="/app/profile" variant="primary">
        Go to your profile
      </Button>
    ) : (
      <Button url="/auth" variant="primary">
        Sign in
      </Button>
    )
  return (
    <AuthScreen title="Confirm your e-mail">
      {!token ? (
        <Banner tone="critical" title="This link is incomplete">
          Open the link from the e-mail again, or ask for a new one from your profile.
        </Banner>
      ) : confirm.isError ? (
        <BlockStack gap="300">
          <Banner tone="critical" title="This link cannot be used">
            {confirm.error instanceof Error && confirm.error.message
              ? confirm.error.message
              : 'Please try again in a moment.'}
          </Banner>
          <Link url="/app/profile">Ask for a new link from your profile</Link>
        </BlockStack>
      ) : confirm.isSuccess ? (
        <BlockStack gap="300">
          <Banner tone="success" title={confirm.data.message}>
            <Text as="p" breakWord>
              You sign in as {confirm.data.email}.
            </Text>
          </Banner>
          <div>{onward}</div>
        </BlockStack>
      ) : (
        <BlockStack gap="300">
          <Text as="p">
            Confirm that the address this link was sent to is yours. If you asked to change your sign-in e-mail, it
            changes now.
          </Text>
          <Button variant="primary" size="large" fullWidth loading={confirm.isPending} onClick={() => confirm.mutate()}>
            Confirm this address
          </Button>
        </BlockStack>
      )}
    </AuthScreen>
  )
}
