// E-mails waiting in the job queue (a test app whose worker does not run keeps them there, body and all):
// the flows behind a mailed link can be tested without an SMTP server. Delivery itself is tested
// against a real one (smtp-inbox.ts).
import type { SignedUp } from './accounts.ts'
import type { TestApp } from './create-test-app.ts'
import { linkIn } from './smtp-inbox.ts'

interface QueuedEmail {
  to: string
  subject: string
  text: string
}

/** The e-mails queued to `to`, oldest first. */
export async function queuedEmailsTo(testApp: TestApp, to: string): Promise<QueuedEmail[]> {
  const jobs = await testApp.database.prisma.job.findMany({
    where: { kind: 'send-email' },
    orderBy: { createdAt: 'asc' },
  })
  return jobs
    .map((job) => job.payload as Partial<QueuedEmail>)
    .filter((email): email is QueuedEmail => email.to === to && typeof email.text === 'string')
}

/** The secret of the newest link to `path` (e.g. /auth/verify-email) mailed to `to`. */
export async function mailedToken(testApp: TestApp, to: string, path: string): Promise<string> {
  const emails = (await queuedEmailsTo(testApp, to)).filter((email) => email.text.includes(path))
  const newest = emails.at(-1)
  if (!newest)
    throw new Error(
      `no e-mail with a ${path} link was queued to ${to} (a worker sends and strips them: WORKER_IN_SERVER false?)`,
    )
  return linkIn(newest, path).searchParams.get('token') ?? ''
}

/** Proves the account's address the way its owner would: the link mailed at sign-up, followed. */
export async function proveAddress(testApp: TestApp, account: Pick<SignedUp, 'email'>) {
  const token = await mailedToken(testApp, account.email, '/auth/verify-email')
  const response = await testApp.request.post('/api/accounts/verify-email/').send({ token })
  if (response.status !== 200)
    throw new Error(`address check failed: ${response.status} ${JSON.stringify(response.body)}`)
}
