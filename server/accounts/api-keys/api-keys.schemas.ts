// The API keys contract: the create request beside the answers (a key as lists show it, and the one answer
// that holds the key itself). Imports only zod and shared/'s rules, so the dashboard imports it too.
import { z } from 'zod'
import { singleLineText } from '../../../shared/text-rules.schemas.ts'

export const API_KEY_MESSAGES = {
  nameRequired: 'Key name is required',
  environment: 'Environment must be production or development',
  tooMany: 'You can have at most 20 API keys. Delete one you no longer use, then create another.',
  notFound: 'API key not found',
  notHere: 'API keys are accepted on the agents, knowledge and conversations calls and on custom webhook events only.',
  invalid: 'This API key is not valid. It may have been deleted.',
} as const

export const MAX_API_KEYS = 20

export const NewApiKeySchema = z.strictObject(
  {
    name: singleLineText({ label: 'Key name', max: 100, required: API_KEY_MESSAGES.nameRequired }),
    environment: z.enum(['production', 'development'], { error: API_KEY_MESSAGES.environment }).default('production'),
  },
  { error: API_KEY_MESSAGES.nameRequired },
)
export type NewApiKey = z.input<typeof NewApiKeySchema>

/** A key as GET /accounts/api-keys/ lists it: masked, with when it was made and last used. */
export const ApiKeyViewSchema = z.strictObject({
  key_id: z.string(),
  name: z.string(),
  environment: z.enum(['production', 'development']),
  masked_key: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
})
export type ApiKeyView = z.infer<typeof ApiKeyViewSchema>

export const ApiKeyListSchema = z.strictObject({ api_keys: z.array(ApiKeyViewSchema) })
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>

/** POST /accounts/api-keys/: the key itself, this once, beside its view. */
export const CreatedApiKeySchema = z.strictObject({
  message: z.string(),
  api_key: ApiKeyViewSchema,
  key: z.string(),
})
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>
