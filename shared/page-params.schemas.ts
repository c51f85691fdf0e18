// The page a list's query asks for: one rule for the page and the page size of every paginated list
// (agents, knowledge items, leads, conversations, messages). Imports only zod.
import { z } from 'zod'

const wholeNumber = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback)

/** The page asked for: the first unless asked, at most the millionth. */
export const pageParam = wholeNumber(1, 1_000_000)

/** How many a page holds (page_size, or limit where the SPEC says so): the list's own default unless asked, at most 100. */
export const pageSizeParam = (fallback: number) => wholeNumber(fallback, 100)
