// Asks the server to e-mail a link (a password reset, a sign-in link) to the address typed: the server's
// answer is the same whether or not the address has an account, and is what the screen shows.
import { useState } from 'react'
import { MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { useApi } from '../../api/api-context.tsx'

export function useAskForLink(path: '/accounts/password-reset/' | '/accounts/login/link/') {
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
      const answer = await client.request<{ message: string }>(path, {
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
  return { ask, error, sent, pending }
}
