import { Router } from 'express'
import type { Config } from '../config/config.schemas.ts'
import type { SupportContact } from '../support/support-contact.schemas.ts'

/** How people reach support (SUPPORT_EMAIL, SUPPORT_PHONE), for the public pages and the Help Center: no sign-in. */
export function supportContactRoutes(config: Pick<Config, 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>): Router {
  const router = Router()
  const contact: SupportContact = { email: config.SUPPORT_EMAIL ?? null, phone: config.SUPPORT_PHONE ?? null }
  router.get('/support-contact/', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300')
    res.json(contact)
  })
  return router
}
