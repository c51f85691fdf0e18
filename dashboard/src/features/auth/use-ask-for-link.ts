// Asks the server to e-mail a link (a password reset, a sign-in link) to the address typed: the server's
// answer is the same whether or not the address has an account, and is what the screen shows.
import { useState } from 'react'
import { MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

const LINK_ROUTES = {
  '/accounts/password-reset/': sessionRoutes.askPasswordReset,
  '/accounts/login/link/': sessionRoutes.askSignInLink,
}

export function useAskForLink(path: keyof typeof LINK_ROUTES) {
  const client = useApi()
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const ask = async (email: string) => {
    if (!email.trim()) {
      setError(MESSAGES.resetEmailRequired)
      return
    }
    setError(null)
    setPending(true)
    try {
      const answer = await client.call(LINK_ROUTES[path], { body: { email: email.trim() } })
      setSent(answer.message)
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : 'Could not send the link. Please try again.',
      )
    } finally {
      setPending(false)
    }
  }
  return { ask, error, sent, pending }
}
