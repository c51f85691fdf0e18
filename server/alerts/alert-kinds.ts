// The e-mail alerts, each with its own switch in the profile's Settings tab (all on until switched off).
// Imports only zod, so the dashboard shows the same list.
import { z } from 'zod'

export const ALERT_KINDS = [
  'usage_warning',
  'usage_limit',
  'trial_ending',
  'trial_ended',
  'payment_failed',
  'new_lead',
  'person_requested',
] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** What each switch is called and what it sends. */
export const ALERT_LABELS: Record<AlertKind, { label: string; helpText: string }> = {
  usage_warning: { label: 'Usage at 80 %', helpText: 'When something your plan limits is 80 % used.' },
  usage_limit: { label: 'Usage limit reached', helpText: 'When a plan limit is reached and something stops.' },
  trial_ending: { label: 'Trial ending', helpText: 'Three days before the free trial ends.' },
  trial_ended: {
    label: 'Trial or plan ended',
    helpText: 'When the free trial or a plan ends and agents stop answering.',
  },
  payment_failed: { label: 'Payment failed', helpText: 'When a payment for your plan fails.' },
  new_lead: { label: 'New lead', helpText: 'When a visitor leaves their e-mail (team admins of the agent too).' },
  person_requested: {
    label: 'A visitor asks for a person',
    helpText: 'When a visitor asks to talk to a person (team members who can chat with the agent too).',
  },
}

export const AlertSettingsViewSchema = z.strictObject({
  alerts: z.array(z.strictObject({ kind: z.enum(ALERT_KINDS), enabled: z.boolean() })),
})
export type AlertSettingsView = z.infer<typeof AlertSettingsViewSchema>

/** A change to some switches: each kind named, on or off; the others stay as they are. */
export const UpdateAlertSettingsSchema = z.strictObject(
  Object.fromEntries(
    ALERT_KINDS.map((kind) => [kind, z.boolean({ error: `${kind} must be true or false` }).optional()]),
  ) as Record<AlertKind, z.ZodOptional<z.ZodBoolean>>,
  { error: 'Send the alerts to switch, each true or false' },
)
export type UpdateAlertSettings = z.infer<typeof UpdateAlertSettingsSchema>
