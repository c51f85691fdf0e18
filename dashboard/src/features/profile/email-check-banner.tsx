// The signed-in area's reminder that the account's e-mail address is not confirmed yet, with "Resend
// confirmation e-mail" (POST /accounts/verify-email/resend/). The server limits how often one account may
// ask: its answer shows in the banner, a refusal's too, and the button waits as long as the refusal says.
// Dismissed, the banner stays hidden until the browser session ends (sessionStorage).
import { Banner, Text } from '@shopify/polaris'
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/api-error.ts'
import { messageOf } from '../../feedback/report-error.ts'
import { useEmailsOnlyLogged } from '../auth/email-setup-notice.tsx'
import { useSession } from '../../session/session-context.tsx'
import { useResendEmailCheck } from './profile.mutations.ts'

const DISMISSED_KEY = 'email_check_banner_dismissed'

/** Seconds a rate-limited answer asks to wait (its retry_after), else none. */
function waitOf(error: unknown): number {
  const seconds = error instanceof ApiError && error.status === 429 ? Number(error.body?.retry_after) : 0
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0
}

export function EmailCheckBanner() {
  const { user } = useSession()
  const onlyLogged = useEmailsOnlyLogged()
  const [dismissedFor, setDismissedFor] = useState(() => sessionStorage.getItem(DISMISSED_KEY))
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null)
  const [waitSeconds, setWaitSeconds] = useState(0)
  const resend = useResendEmailCheck({
    onSuccess: (output) => setAnswer({ text: output.message ?? 'A new link is on its way.', failed: false }),
    onError: (error) => {
      setAnswer({ text: messageOf(error), failed: true })
      setWaitSeconds(waitOf(error))
    },
  })
  useEffect(() => {
    if (waitSeconds <= 0) return
    const timer = setTimeout(() => setWaitSeconds(0), waitSeconds * 1000)
    return () => clearTimeout(timer)
  }, [waitSeconds])
  if (!user || user.email_verified || dismissedFor === user.id) return null
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, user.id)
    setDismissedFor(user.id)
  }
  return (
    <div className="email-check-banner" data-testid="email-check-banner">
      <Banner
        tone="info"
        title="Confirm your e-mail address"
        action={{
          content: 'Resend confirmation e-mail',
          onAction: () => resend.mutate(),
          loading: resend.isPending,
          disabled: waitSeconds > 0,
        }}
        onDismiss={dismiss}
      >
        <Text as="p" breakWord>
          {onlyLogged
            ? `This server does not send e-mail yet: the link for ${user.email} is written to the server’s log. Ask whoever runs this server for it.`
            : `Follow the link in the e-mail we sent to ${user.email}, so that password resets, alerts and team invitations reach you.`}
        </Text>
        {answer ? (
          <Text as="p" tone={answer.failed ? 'critical' : 'success'} breakWord>
            <span role="status">{answer.text}</span>
          </Text>
        ) : null}
      </Banner>
    </div>
  )
}
