// The erasure contract: the erase-visitor body and what an erasure answers. Imports only zod and
// shared/'s zod-only rules, so the dashboard reads the same shapes.
import { z } from 'zod'
import { isSingleLine } from '../../shared/text-rules.schemas.ts'

export const ERASURE_MESSAGES = {
  emailRequired: "Enter the visitor's e-mail address.",
  invalidEmail: 'Please enter a valid email address',
  leadNotFound: 'Lead not found',
}

export const EraseVisitorSchema = z.strictObject(
  {
    email: z
      .string({ error: ERASURE_MESSAGES.emailRequired })
      .trim()
      .min(1, { error: ERASURE_MESSAGES.emailRequired })
      .max(254, { error: ERASURE_MESSAGES.invalidEmail })
      .refine(isSingleLine, { error: ERASURE_MESSAGES.invalidEmail })
      .transform((email) => email.toLowerCase())
      .refine((email) => z.email().safeParse(email).success, { error: ERASURE_MESSAGES.invalidEmail }),
    /** Another account whose team the caller is an admin of; the caller's own account when left out. */
    account_id: z.uuid({ error: 'account_id must be an account id' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : ERASURE_MESSAGES.emailRequired,
  },
)
export type EraseVisitor = z.infer<typeof EraseVisitorSchema>

/** What an erasure deleted: the same shape when nothing matched (all zero). */
export const VisitorErasureSchema = z.strictObject({
  leads_deleted: z.number().int(),
  conversations_deleted: z.number().int(),
  messages_deleted: z.number().int(),
  attachments_deleted: z.number().int(),
  feedback_deleted: z.number().int(),
  widget_sessions_deleted: z.number().int(),
  webhook_deliveries_deleted: z.number().int(),
  alert_emails_deleted: z.number().int(),
})
export type VisitorErasure = z.infer<typeof VisitorErasureSchema>

/** GET /agents/{agentId}/leads/{leadId}/erasure/: what erasing the lead would delete. */
export const LeadErasurePreviewSchema = z.strictObject({
  leads: z.number().int(),
  conversations: z.number().int(),
  messages: z.number().int(),
  attachments: z.number().int(),
})
export type LeadErasurePreview = z.infer<typeof LeadErasurePreviewSchema>
