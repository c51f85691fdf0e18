// GET /api/support-contact/: how people reach support, as the operator configured it. Imports only zod.
import { z } from 'zod'

export const SupportContactSchema = z.strictObject({
  /** SUPPORT_EMAIL, or null: the screens show no address then. */
  email: z.string().nullable(),
  /** SUPPORT_PHONE, or null: the screens show no phone then. */
  phone: z.string().nullable(),
})
export type SupportContact = z.infer<typeof SupportContactSchema>
