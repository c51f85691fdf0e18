// The Contact Support form. The SPEC shows no submit call, so the message goes out through the
// visitor's own e-mail app; these rules keep that e-mail complete and short enough for a mailto: link.
import { z } from 'zod'

export const SUPPORT_MESSAGE_MESSAGES = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  subject: 'Please enter a subject',
  message: 'Please enter a message',
} as const

const requiredText = (message: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Please keep this under ${max} characters` })

export const SupportMessageSchema = z.object({
  name: requiredText(SUPPORT_MESSAGE_MESSAGES.name, 200),
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: SUPPORT_MESSAGE_MESSAGES.email })),
  subject: requiredText(SUPPORT_MESSAGE_MESSAGES.subject, 200),
  message: requiredText(SUPPORT_MESSAGE_MESSAGES.message, 2_000),
})

export type SupportMessage = z.infer<typeof SupportMessageSchema>
