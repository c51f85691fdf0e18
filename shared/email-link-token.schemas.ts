import { z } from 'zod'

/** An e-mailed link's secret (base64url), as the pages the links open send it back; `message` for anything else. */
export const emailLinkToken = (message: string) =>
  z.string({ error: message }).regex(/^[A-Za-z0-9_-]{20,200}$/, { error: message })
