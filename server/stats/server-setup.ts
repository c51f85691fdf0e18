// What this server is set up with, for the team to know (Settings): whether an AI model writes the answers
// (otherwise the offline answerer quotes the sources), whether passages get vectors, the billing mode, and
// whether e-mails leave the server (SMTP) or are only written to its log.
// Nothing secret: no address or key, only whether one is there and the model's name.
import { z } from 'zod'

export const ServerSetupSchema = z.strictObject({
  ai_model: z.string().nullable(),
  embeddings: z.boolean(),
  billing_mode: z.enum(['enforced', 'unlimited']),
  email_delivery: z.enum(['smtp', 'log']),
})
export type ServerSetup = z.infer<typeof ServerSetupSchema>

export interface ServerSetupSources {
  /** The answering model's name, or null when none is configured. */
  model: string | null
  hasEmbedder: boolean
  billingMode: ServerSetup['billing_mode']
  emailDelivers: boolean
}

export const serverSetupOf = ({ model, hasEmbedder, billingMode, emailDelivers }: ServerSetupSources): ServerSetup => ({
  ai_model: model,
  embeddings: hasEmbedder,
  billing_mode: billingMode,
  email_delivery: emailDelivers ? 'smtp' : 'log',
})
