// What text fields accept besides their length: the one definition every schema builds its text fields
// from. Imports only zod, so the server and both admins share it.
import { z } from 'zod'

/** A name or title: no control character at all (no NUL, escape, tab or line break). */
export const isSingleLine = (value: string) => !/\p{Cc}/u.test(value)

/** Text that may run over lines: tabs and line breaks, but no other control character. */
export const isMultiLine = (value: string) => !/[^\P{Cc}\n\r\t]/u.test(value)

export interface TextFieldRules {
  /** The field as its messages name it: "Agent name must be at most 120 characters". */
  label: string
  max: number
  /** Makes the field required: missing, not text, or blank once trimmed answers this message. */
  required?: string
  /** Instead of "<label> must be at most <max> characters". */
  tooLong?: string
  /** Instead of the rule's own message about control characters. */
  refused?: string
  /** Leading and trailing spaces are kept (instructions keep their indentation). */
  keepSpaces?: boolean
}

function textField(rules: TextFieldRules, isAccepted: (value: string) => boolean, refused: string, normalize = (value: string) => value) {
  const anyText = z.string({ error: rules.required ?? `${rules.label} must be text` }).overwrite(normalize)
  const text = rules.keepSpaces ? anyText : anyText.trim()
  return (rules.required ? text.min(1, { error: rules.required }) : text)
    .max(rules.max, { error: rules.tooLong ?? `${rules.label} must be at most ${rules.max.toLocaleString('en')} characters` })
    .refine(isAccepted, { error: rules.refused ?? refused })
}

/** A name, title or search: trimmed, and refused with any control character. */
export const singleLineText = (rules: TextFieldRules) => textField(rules, isSingleLine, `${rules.label} must be a single line of text`)

// Word's manual line breaks paste as vertical tabs, PDFs' page breaks as form feeds, some encodings'
// line ends as NEL: they are line breaks, not junk, so they become one before the check.
const toLineBreaks = (value: string) => value.replace(/[\v\f\u0085]/g, '\n')

/**
 * A description, a message or pasted content: trimmed; tabs and line breaks kept (vertical tabs, form
 * feeds and NEL become line breaks), other control characters refused.
 */
export const multiLineText = (rules: TextFieldRules) => textField(rules, isMultiLine, `${rules.label} has characters that are not text`, toLineBreaks)
