// Says so where it matters (the sign-in screens, Settings) when this server sends no e-mail: its e-mails,
// links and all, are written to the server's log instead (SMTP_URL is not set).
import { Banner } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

/** Whether the server keeps its e-mails in its log (true), sends them (false), or is still being asked (undefined). */
export function useEmailsOnlyLogged(): boolean | undefined {
  const client = useApi()
  const setup = useQuery({
    queryKey: ['email-setup'],
    queryFn: () => client.call(sessionRoutes.emailSetup),
    staleTime: 5 * 60_000,
  })
  return setup.data ? setup.data.email_delivery === 'log' : undefined
}

/** The notice when the server keeps e-mails in its log; nothing while it is asked, or if it cannot say. */
export function NoEmailNoticeIfNone({ forOperator = false }: { forOperator?: boolean }) {
  if (useEmailsOnlyLogged() !== true) return null
  return (
    <Banner tone="warning" title="This server does not send e-mail yet">
      {forOperator
        ? 'Password reset links and other e-mails are written to the server’s log instead. Set SMTP_URL and MAIL_FROM on the server to send them.'
        : 'Links it would e-mail, such as one to set a new password, are written to the server’s log: ask whoever runs this server for yours.'}
    </Banner>
  )
}
