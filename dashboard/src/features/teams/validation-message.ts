// Forms check their fields with the server's own schemas, so the browser and the API say the same words.
import type { z } from 'zod'

/** The first message the schema gives for this value, or undefined when it passes. */
export function validationMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

/** The first message for each field of an object schema, keyed by field name; empty when all pass. */
export function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  const messages: Record<string, string> = {}
  if (result.success) return messages
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    messages[field] ??= issue.message
  }
  return messages
}
