// Once signed in, joins the team of an invitation link opened before signing in (pending-invitation.ts),
// says so, and reads everything again: the team's agents are the user's now.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { useToast } from '../../feedback/toast-context.tsx'
import { useRefreshSessionUser } from '../../session/use-refresh-session-user.ts'
import { takePendingInvitation } from './pending-invitation.ts'
import { teamRoutes } from '../../api/routes/team-routes.ts'

export function AcceptPendingInvitation() {
  const client = useApi()
  const queryClient = useQueryClient()
  const toaster = useToast()
  const refreshUser = useRefreshSessionUser()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    const token = takePendingInvitation()
    if (!token) return
    client
      .call(teamRoutes.acceptInvitation, { body: { token } })
      .then(async (answer) => {
        toaster.success('Invitation accepted', answer.message)
        // Joining with the invited address proved it: the profile says so.
        await refreshUser()
        await queryClient.invalidateQueries()
      })
      .catch((failure: unknown) =>
        toaster.error(
          'Could not join the team',
          failure instanceof Error && failure.message ? failure.message : 'Please open the invitation link again.',
        ),
      )
  }, [client, queryClient, toaster, refreshUser])
  return null
}
