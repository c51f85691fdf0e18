// "Continue with Google" (SPEC section 2), under an "or": shown when the server has Google sign-in
// configured, and not at all when it has not (a button that cannot work only puzzles a newcomer).
import { Button } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { useToast } from '../../feedback/toast-context.tsx'
import { googleAvailabilityQuery } from './google-availability-query.ts'
import { startGoogleSignIn } from './google-sign-in.ts'

export function ContinueWithGoogle() {
  const client = useApi()
  const toaster = useToast()
  const [leaving, setLeaving] = useState(false)
  const google = useQuery(googleAvailabilityQuery(client))
  const url = google.data?.enabled ? google.data.authorization_url : undefined
  if (!url && !google.isPending) return null
  return (
    <>
      <div className="auth-divider">
        <span>or</span>
      </div>
      <Button
        fullWidth
        size="large"
        disabled={!url || leaving}
        loading={leaving}
        onClick={() => {
          if (!url) return
          setLeaving(true)
          startGoogleSignIn(url).catch(() => {
            setLeaving(false)
            toaster.error('Google login failed', 'An error occurred during Google login')
          })
        }}
      >
        Continue with Google
      </Button>
    </>
  )
}
