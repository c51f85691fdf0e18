import { Router } from 'express'
import {
  GoogleLoginSchema,
  LoginSchema,
  LogoutSchema,
  MESSAGES,
  RefreshSchema,
  RegisterSchema,
  SignInLinkConfirmSchema,
  SignInLinkRequestSchema,
} from '../../accounts/accounts.schemas.ts'
import { describeGoogleSignIn, type GoogleSettings } from '../../accounts/google/google-settings.ts'
import { findOrCreateGoogleAccount, verifyGoogleSignIn } from '../../accounts/google/sign-in-with-google.ts'
import { registerAccount } from '../../accounts/register-account.ts'
import { endSession } from '../../accounts/sessions/end-session.ts'
import { refreshSession } from '../../accounts/sessions/refresh-session.ts'
import type { SessionSettings } from '../../accounts/sessions/session-settings.ts'
import { startSession } from '../../accounts/sessions/start-session.ts'
import { requestSignInLink } from '../../accounts/sign-in-link/request-sign-in-link.ts'
import { signInWithLink } from '../../accounts/sign-in-link/sign-in-with-link.ts'
import { signInWithPassword } from '../../accounts/sign-in-with-password.ts'
import { toUserView } from '../../accounts/user-view.ts'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { linkBaseOf } from '../../mail/email-link-url.ts'
import type { RateLimits } from '../../rate-limits/rate-limits.ts'
import { sendsSecret } from '../sends-secret.ts'

export interface SessionRoutesOptions {
  config: Config
  database: Database
  sessions: SessionSettings
  rateLimits: RateLimits
  google: GoogleSettings | null
  /** Wakes the worker for the e-mails sign-up queues. */
  queue: JobQueue
}

/** Signing in and out: login, a mailed sign-in link, register, Google, refresh, logout (SPEC section 7, Accounts). */
export function sessionRoutes({ config, database, sessions, rateLimits, google, queue }: SessionRoutesOptions): Router {
  const router = Router()
  const signedIn = async (userId: string, userAgent: string | undefined) =>
    startSession(database, { settings: sessions, userId, userAgent })

  router.post('/accounts/login/', sendsSecret, async (req, res) => {
    const credentials = LoginSchema.parse(req.body)
    const attempt = await rateLimits.beginSignIn({ account: credentials.email, ip: req.ip })
    // Any failure counts, not only a wrong password: an outage must not open a way around the throttle.
    const user = await signInWithPassword(database, credentials).catch(async (error: unknown) => {
      await attempt.failed()
      throw error
    })
    await attempt.succeeded()
    const tokens = await signedIn(user.id, req.get('user-agent'))
    res.json({ user: toUserView(user, config.PUBLIC_URL), message: 'Login successful', tokens })
  })

  // The way in that wrong passwords sent from elsewhere cannot close (decision 037): the same answer
  // whatever the address, limited per client and per address it goes to.
  router.post('/accounts/login/link/', async (req, res) => {
    await rateLimits.limitIp('sign-in-link', req.ip)
    const { email } = SignInLinkRequestSchema.parse(req.body)
    await rateLimits.limitAccount('sign-in-link', email)
    await requestSignInLink(database, { email })
    queue.wake()
    res.status(202).json({ message: MESSAGES.signInLinkRequested })
  })

  router.post('/accounts/login/link/confirm/', sendsSecret, async (req, res) => {
    await rateLimits.limitIp('sign-in-link-confirm', req.ip)
    const { token } = SignInLinkConfirmSchema.parse(req.body)
    const user = await signInWithLink(database, token)
    await rateLimits.rememberSignInAddress({ account: user.email, ip: req.ip })
    const tokens = await signedIn(user.id, req.get('user-agent'))
    res.json({ user: toUserView(user, config.PUBLIC_URL), message: 'Login successful', tokens })
  })

  router.post('/accounts/register/', sendsSecret, async (req, res) => {
    await rateLimits.limitIp('register', req.ip)
    const registration = RegisterSchema.parse(req.body)
    await rateLimits.limitAccount('register', registration.email)
    if (registration.invitation_token) await rateLimits.limitIp('team-invitation', req.ip)
    const { user, joinedTeam } = await registerAccount({ database, linkBase: linkBaseOf(config) }, registration)
    queue.wake()
    // Where an account was made is an address its owner uses (decision 037).
    await rateLimits.rememberSignInAddress({ account: user.email, ip: req.ip })
    const tokens = await signedIn(user.id, req.get('user-agent'))
    res.status(201).json({
      user: toUserView(user, config.PUBLIC_URL),
      message: joinedTeam
        ? `Registration successful. You joined the ${joinedTeam.team_name} team.`
        : 'Registration successful',
      tokens,
      ...(joinedTeam ? { team: joinedTeam } : {}),
    })
  })

  // Whether Google sign-in is available, and where to send the browser for it.
  router.get('/accounts/google-login/', (_req, res) => {
    res.json(describeGoogleSignIn(google))
  })

  router.post('/accounts/google-login/', sendsSecret, async (req, res) => {
    await rateLimits.limitIp('google-login', req.ip)
    const { code, code_verifier } = GoogleLoginSchema.parse(req.body)
    if (!google) throw new AppError('BAD_REQUEST', 'Google sign-in is not configured on this server.')
    const identity = await verifyGoogleSignIn(google, code, code_verifier)
    await rateLimits.limitAccount('google-login', identity.subject)
    const user = await findOrCreateGoogleAccount(database, identity)
    const tokens = await signedIn(user.id, req.get('user-agent'))
    res.json({ user: toUserView(user, config.PUBLIC_URL), message: 'Login successful', tokens })
  })

  router.post('/accounts/token/refresh/', sendsSecret, async (req, res) => {
    await rateLimits.limitIp('refresh', req.ip)
    const { refresh_token } = RefreshSchema.parse(req.body)
    res.json(
      await refreshSession(database, {
        settings: sessions,
        refreshToken: refresh_token,
        beforeRotate: (sessionId) => rateLimits.limitAccount('refresh', sessionId),
      }),
    )
  })

  router.post('/accounts/logout/', async (req, res) => {
    const { refresh_token } = LogoutSchema.parse(req.body)
    await endSession(database, refresh_token)
    res.json({ message: 'Logged out successfully', timestamp: new Date().toISOString() })
  })

  return router
}
