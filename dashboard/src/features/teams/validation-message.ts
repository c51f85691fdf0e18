// Forms check their fields with the server's own schemas, so the browser and the API say the same words.
import type { z } from 'zod'

/** The first message the schema gives for this value, or undefined when it passes. */
export function validationMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}
