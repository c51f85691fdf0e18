import { Router } from 'express'
import { MESSAGES, PasswordResetConfirmSchema, PasswordResetRequestSchema } from '../../accounts/accounts.schemas.ts'
import { confirmPasswordReset } from '../../accounts/password-reset/confirm-password-reset.ts'
import { requestPasswordReset } from '../../accounts/password-reset/request-password-reset.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { RateLimits } from '../../rate-limits/rate-limits.ts'

export interface AccountEmailRoutesOptions {
  database: Database
  queue: JobQueue
  rateLimits: RateLimits
  /** Whether e-mails leave the server (SMTP_URL) or only reach its log. */
  emailDelivers: boolean
}

/**
 * What accounts receive by e-mail: whether this server sends e-mail at all (the sign-in screens say so when
 * it does not), and "Forgot password?" (asking for a link, the same answer whatever the address; setting
 * the new password).
 */
export function accountEmailRoutes({ database, queue, rateLimits, emailDelivers }: AccountEmailRoutesOptions): Router {
  const router = Router()

  router.get('/accounts/email-setup/', (_req, res) => {
    res.json({ email_delivery: emailDelivers ? 'smtp' : 'log' })
  })

  router.post('/accounts/password-reset/', async (req, res) => {
    await rateLimits.limitIp('password-reset', req.ip)
    const { email } = PasswordResetRequestSchema.parse(req.body)
    await rateLimits.limitAccount('password-reset', email)
    await requestPasswordReset(database, { email })
    queue.wake()
    res.status(202).json({ message: MESSAGES.resetRequested })
  })

  router.post('/accounts/password-reset/confirm/', async (req, res) => {
    await rateLimits.limitIp('password-reset-confirm', req.ip)
    await confirmPasswordReset(database, PasswordResetConfirmSchema.parse(req.body))
    res.json({ message: MESSAGES.resetDone })
  })

  return router
}
