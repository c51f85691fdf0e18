import { z } from 'zod'

/** An e-mail ready to send: its recipient and both parts, rendered when it was queued. */
export const OutgoingEmailSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().min(1),
})

export type OutgoingEmail = z.infer<typeof OutgoingEmailSchema>

/** An e-mail's parts before it has a recipient (email-templates.ts). */
export type EmailContent = Omit<OutgoingEmail, 'to'>
