// /auth/verify-email?token=...: where an e-mailed address check lands. It sends the secret once on
// arrival and says what happened: the address is proven, or the new sign-in e-mail took effect.
import { Banner, BlockStack, Button, Link, Spinner, Text } from '@shopify/polaris'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { AuthScreen } from '../../features/auth/auth-screen.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import type { SessionUser } from '../../session/session-check.ts'
import { useSession } from '../../session/session-context.tsx'

export function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail')
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const client = useApi()
  const { status, user, setUser } = useSession()
  const confirm = useMutation({
    mutationFn: () =>
      client.request<{ message: string; email: string }>('/accounts/verify-email/', {
        method: 'POST',
        body: { token },
        auth: false,
      }),
  })
  const sent = useRef(false)
  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    confirm.mutate()
  }, [confirm, token])
  // Signed in here (the session may finish its check after the answer), the profile is read again: the
  // address is proven, or the sign-in e-mail changed.
  const confirmed = confirm.isSuccess
  const userId = user?.id
  useEffect(() => {
    if (!confirmed || status !== 'signed-in' || !userId) return
    client
      .request<SessionUser>('/accounts/profile/')
      .then((fresh) => setUser(fresh))
      .catch(() => undefined)
  }, [client, confirmed, status, userId, setUser])

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
        <div className="page-loading" role="status">
          <Spinner accessibilityLabel="Confirming your e-mail" />
        </div>
      )}
    </AuthScreen>
  )
}
