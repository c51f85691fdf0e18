// What text fields accept besides their length: the one definition every schema builds its text fields
// from. Imports only zod, so the server and both admins share it.
import { z } from 'zod'

/** A name or title: no control character at all (no NUL, escape, tab or line break). */
export const isSingleLine = (value: string) => !/\p{Cc}/u.test(value)

/** Text that may run over lines: tabs and line breaks, but no other control character. */
const isMultiLine = (value: string) => !/[^\P{Cc}\n\r\t]/u.test(value)

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

// U+0080 to U+009F are what Windows-1252 text becomes when read as Latin-1: curly quotes and dashes
// turned into C1 controls (scientific abstracts carry them). They are read back as the characters they
// were; the five bytes Windows-1252 leaves undefined stay controls, and are refused.
const WINDOWS_1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'
const repairWindows1252 = (value: string) =>
  value.replace(/[\u0080-\u009f]/g, (control) => WINDOWS_1252[control.charCodeAt(0) - 0x80] ?? control)

interface TextFieldOptions {
  rules: TextFieldRules
  isAccepted: (value: string) => boolean
  refused: string
  normalize?: (value: string) => string
}

function textField({ rules, isAccepted, refused, normalize = (value: string) => value }: TextFieldOptions) {
  const anyText = z
    .string({ error: rules.required ?? `${rules.label} must be text` })
    .overwrite((value) => normalize(repairWindows1252(value)))
  const text = rules.keepSpaces ? anyText : anyText.trim()
  return (rules.required ? text.min(1, { error: rules.required }) : text)
    .max(rules.max, {
      error: rules.tooLong ?? `${rules.label} must be at most ${rules.max.toLocaleString('en')} characters`,
    })
    .refine(isAccepted, { error: rules.refused ?? refused })
}

/** A name, title or search: trimmed, and refused with any control character (Windows-1252 leftovers repaired first). */
export const singleLineText = (rules: TextFieldRules) =>
  textField({ rules, isAccepted: isSingleLine, refused: `${rules.label} must be a single line of text` })

// Word's manual line breaks paste as vertical tabs, PDFs' page breaks as form feeds: they are line
// breaks, not junk, so they become one before the check.
const toLineBreaks = (value: string) => value.replace(/[\v\f]/g, '\n')

/**
 * A description, a message or pasted content: trimmed; tabs and line breaks kept (vertical tabs and
 * form feeds become line breaks), Windows-1252 leftovers repaired, other control characters refused.
 */
export const multiLineText = (rules: TextFieldRules) =>
  textField({
    rules,
    isAccepted: isMultiLine,
    refused: `${rules.label} has characters that are not text`,
    normalize: toLineBreaks,
  })
