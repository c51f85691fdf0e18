// An invitation link opened while signed out: its secret waits in this tab's session storage through
// sign-up, sign-in or Google's round trip, and the signed-in frame accepts it (AcceptPendingInvitation).

const KEY = 'pending_invitation'

export function keepPendingInvitation(token: string) {
  sessionStorage.setItem(KEY, token)
}

/** The waiting invitation's secret, forgetting it on the way (it is accepted once). */
export function takePendingInvitation(): string | null {
  const token = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  return token
}
