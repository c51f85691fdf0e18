// The one rule for ids in this API: every row id is a UUID (PostgreSQL uuid columns), checked before any
// query sees it. Imports only zod, so the server and both admins share it.
import { z } from 'zod'

/** An id as such: a path parameter, or any value about to name a row. */
export const IdSchema = z.uuid()

export const isId = (value: unknown): value is string => IdSchema.safeParse(value).success

/** An id field of a body or a query: missing, blank or malformed, it answers 400 with the field's message. */
export const idField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .pipe(z.uuid({ error: message }))
