// A test app that sends its e-mail to a real SMTP server on 127.0.0.1 (smtp-inbox.ts), its worker
// polling often so mail arrives quickly, with sign-in limits out of the way.
import { createTestApp } from './create-test-app.ts'
import { startSmtpInbox } from './smtp-inbox.ts'

/** Where the e-mails' links point in these tests. */
export const MAIL_PUBLIC_URL = 'https://chat.example.com'

export async function startSmtpTestApp(settings: Record<string, string> = {}) {
  const inbox = await startSmtpInbox()
  const testApp = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'AgentDesk <no-reply@chat.example.com>',
    PUBLIC_URL: MAIL_PUBLIC_URL,
    JOB_POLL_MS: '50',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    ...settings,
  })
  return {
    inbox,
    testApp,
    close: async () => {
      await testApp.cleanup()
      await inbox.close()
    },
  }
}
