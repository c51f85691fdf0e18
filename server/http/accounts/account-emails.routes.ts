import { Router } from 'express'
import {
  ConfirmEmailSchema,
  MESSAGES,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
} from '../../accounts/accounts.schemas.ts'
import { confirmEmailAddress } from '../../accounts/email-check/confirm-email-address.ts'
import { resendEmailCheck } from '../../accounts/email-check/resend-email-check.ts'
import { confirmPasswordReset } from '../../accounts/password-reset/confirm-password-reset.ts'
import { requestPasswordReset } from '../../accounts/password-reset/request-password-reset.ts'
import type { SessionSettings } from '../../accounts/sessions/session-settings.ts'
import { UpdateAlertSettingsSchema } from '../../alerts/alert-kinds.ts'
import { readAlertSettings, updateAlertSettings } from '../../alerts/alert-settings.ts'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { linkBaseOf } from '../../mail/email-link-url.ts'
import type { RateLimits } from '../../rate-limits/rate-limits.ts'
import { actorOf, authenticate } from '../authenticate.ts'

export interface AccountEmailRoutesOptions {
  config: Config
  database: Database
  sessions: SessionSettings
  queue: JobQueue
  rateLimits: RateLimits
  /** Whether e-mails leave the server (SMTP_URL) or only reach its log. */
  emailDelivers: boolean
}

/**
 * What accounts receive by e-mail: whether this server sends e-mail at all (the sign-in screens say so when
 * it does not); "Forgot password?" (asking for a link, the same answer whatever the address; setting
 * the new password); proving the address (following the mailed link; asking for a new one); the
 * signed-in user's e-mail alert switches.
 */
export function accountEmailRoutes({
  config,
  database,
  sessions,
  queue,
  rateLimits,
  emailDelivers,
}: AccountEmailRoutesOptions): Router {
  const router = Router()
  const signedIn = authenticate(database, { settings: sessions })

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

  // The page a check link opens sends its secret here; no sign-in needed (the link may open on a phone).
  router.post('/accounts/verify-email/', async (req, res) => {
    await rateLimits.limitIp('verify-email', req.ip)
    const { token } = ConfirmEmailSchema.parse(req.body)
    const { email, changed } = await confirmEmailAddress(database, token)
    // Whoever opened the link reads the account's mail: this address is one its owner uses (decision 037).
    await rateLimits.rememberSignInAddress({ account: email, ip: req.ip })
    res.json({ message: changed ? MESSAGES.emailChanged : MESSAGES.emailVerified, email })
  })

  router.post('/accounts/verify-email/resend/', signedIn, async (_req, res) => {
    await rateLimits.limitAccount('verify-email-resend', actorOf(res).userId)
    const { email } = await resendEmailCheck({ database, linkBase: linkBaseOf(config), actor: actorOf(res) })
    queue.wake()
    res.json({ message: MESSAGES.emailCheckSent, email })
  })

  router.get('/accounts/email-alerts/', signedIn, async (_req, res) => {
    res.json(await readAlertSettings(database, actorOf(res)))
  })

  router.put('/accounts/email-alerts/', signedIn, async (req, res) => {
    const change = UpdateAlertSettingsSchema.parse(req.body)
    res.json({ ...(await updateAlertSettings(database, actorOf(res), change)), message: 'E-mail alerts saved' })
  })

  return router
}
