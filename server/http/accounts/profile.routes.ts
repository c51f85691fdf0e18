import { Router, type RequestHandler } from 'express'
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  MESSAGES,
  UpdateProfileSchema,
} from '../../accounts/accounts.schemas.ts'
import { cancelEmailChange, changeEmail } from '../../accounts/change-email.ts'
import { changePassword } from '../../accounts/change-password.ts'
import { deleteAccount } from '../../accounts/delete-account.ts'
import { readProfileImage } from '../../accounts/read-profile-image.ts'
import { requireUser } from '../../accounts/require-user.ts'
import type { SessionSettings } from '../../accounts/sessions/session-settings.ts'
import {
  IMAGE_TOO_LARGE,
  NOT_AN_IMAGE,
  PROFILE_IMAGE_MAX_BYTES,
  setProfileImage,
} from '../../accounts/set-profile-image.ts'
import { updateProfile } from '../../accounts/update-profile.ts'
import { toUserView } from '../../accounts/user-view.ts'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { Logger } from '../../logging/create-logger.ts'
import { linkBaseOf } from '../../mail/email-link-url.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { actorOf, authenticate } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'
import type { RateLimits } from '../../rate-limits/rate-limits.ts'
import { receiveSingleFile } from '../receive-single-file.ts'
import { sendStoredFile } from '../send-stored-file.ts'

export interface ProfileRoutesOptions {
  config: Config
  database: Database
  sessions: SessionSettings
  storage: FileStorage
  rateLimits: RateLimits
  logger: Logger
  /** Wakes the worker for the e-mails a change of address queues. */
  queue: JobQueue
}

/** The signed-in user's own account: profile, photo, password, e-mail, deletion. */
export function profileRoutes({
  config,
  database,
  sessions,
  storage,
  rateLimits,
  logger,
  queue,
}: ProfileRoutesOptions): Router {
  const router = Router()
  const signedIn = authenticate(database, { settings: sessions })
  const view = (user: Parameters<typeof toUserView>[0]) => toUserView(user, config.PUBLIC_URL)
  // Every call that checks the password counts: guessing it, or probing which e-mails exist through
  // change-email, is as limited as signing in.
  const confirmingPassword: RequestHandler = async (req, res, next) => {
    await rateLimits.limitIp('confirm-password', req.ip)
    await rateLimits.limitAccount('confirm-password', actorOf(res).userId)
    next()
  }

  router.get('/accounts/profile/', signedIn, async (_req, res) => {
    res.json(view(await requireUser(database, actorOf(res))))
  })

  router.put('/accounts/profile/', signedIn, async (req, res) => {
    res.json(view(await updateProfile(database, actorOf(res), UpdateProfileSchema.parse(req.body))))
  })

  const imageUpload = receiveSingleFile({
    field: 'profile_image',
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    tooLargeMessage: IMAGE_TOO_LARGE,
    invalidMessage: NOT_AN_IMAGE,
  })
  router.post('/accounts/profile/image/', signedIn, imageUpload, async (req, res) => {
    if (!req.file) throw new AppError('BAD_REQUEST', NOT_AN_IMAGE)
    const user = await setProfileImage(database, { storage, actor: actorOf(res), bytes: req.file.buffer })
    res.json({ profile_image: view(user).profile_image, message: 'Profile image updated successfully!' })
  })

  // Public, so <img> can load it; the file name carries 128 random bits and changes with every upload.
  router.get('/accounts/profile/image/:userId/:fileName', async (req, res) => {
    const userId = parseIdParam(req.params.userId, 'Profile image not found.')
    const file = await readProfileImage(database, { storage, userId, fileName: req.params.fileName })
    await sendStoredFile(res, file, { publicImage: true })
  })

  router.put('/accounts/change-password/', signedIn, confirmingPassword, async (req, res) => {
    await changePassword(database, actorOf(res), ChangePasswordSchema.parse(req.body))
    res.json({ message: 'Password changed successfully!' })
  })

  router.put('/accounts/change-email/', signedIn, confirmingPassword, async (req, res) => {
    const change = ChangeEmailSchema.parse(req.body)
    const { pendingEmail } = await changeEmail({ database, linkBase: linkBaseOf(config), actor: actorOf(res), change })
    queue.wake()
    res.json({ message: MESSAGES.emailChangeRequested, pending_email: pendingEmail })
  })

  router.post('/accounts/change-email/cancel/', signedIn, async (_req, res) => {
    await cancelEmailChange(database, actorOf(res))
    res.json({ message: MESSAGES.emailChangeCancelled })
  })

  router.post('/accounts/profile/delete/', signedIn, confirmingPassword, async (req, res) => {
    await deleteAccount(database, {
      storage,
      logger,
      actor: actorOf(res),
      confirmation: DeleteAccountSchema.parse(req.body),
    })
    res.json({ message: 'Account deleted successfully.' })
  })

  return router
}
