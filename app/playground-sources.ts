// An AI message's cited sources as the embedded screens show them. They are stored as JSON, so they
// are read through a schema: only a web address (http or https) becomes a link.
import { z } from 'zod'

const SourceSchema = z.object({
  number: z.number().int(),
  title: z.string().nullable().catch(null),
  url: z.url({ protocol: /^https?$/ }).nullable().catch(null),
})

export type ShownSource = z.infer<typeof SourceSchema>

/** The readable sources of a message; anything malformed is left out rather than failing the page. */
export function sourcesOf(value: unknown): ShownSource[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    const parsed = SourceSchema.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
}
