// What text fields accept besides their length. Imports only zod, so the server and both admins share it.
import { z } from 'zod'

/** A name or title: no control character at all (no NUL, escape, tab or line break). */
export const isSingleLine = (value: string) => !/\p{Cc}/u.test(value)

/** Text that may run over lines: tabs and line breaks, but no other control character. */
export const isMultiLine = (value: string) => !/[^\P{Cc}\n\r\t]/u.test(value)

export const singleLineText = (label: string) => z.string().refine(isSingleLine, { error: `${label} must be a single line of text` })
export const multiLineText = (label: string) => z.string().refine(isMultiLine, { error: `${label} has characters that are not text` })
