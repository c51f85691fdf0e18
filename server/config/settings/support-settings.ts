// How people reach the operator's support (the Contact and Help pages, the public footer); unset, the
// screens show no address or phone rather than a made-up one. Part of ConfigSchema (config.schemas.ts).
import { z } from 'zod'

export const SUPPORT_SETTINGS = {
  // The support e-mail address, e.g. support@chat.example.com
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address such as support@chat.example.com' }).optional(),
  // The support phone number as people should dial it, e.g. +20 100 123 4567
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{2,30}[0-9]$/, {
      error: 'must be a phone number of digits, spaces, dots, dashes and brackets, such as +20 100 123 4567',
    })
    .optional(),
}
