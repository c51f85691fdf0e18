import { describe, expect, it } from 'vitest'
import { multiLineText, singleLineText } from './text-rules.schemas.ts'

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

// C0 controls other than tab and line breaks, DEL, and the C1 controls Windows-1252 leaves undefined.
const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\b',
  '\u001b',
  '\u007f',
  '\u0081',
  '\u008d',
  '\u008f',
  '\u0090',
  '\u009d',
]
// What pasted documents use for line and page breaks: text over lines takes them as line breaks.
const BREAKS = ['\u000b', '\f']

describe('text fields', () => {
  const name = singleLineText({ label: 'Agent name', max: 10, required: 'Agent name is required' })
  const lines = multiLineText({ label: 'Description', max: 40 })

  it('a single line refuses every control character, tabs and line breaks included', () => {
    for (const character of [...CONTROL_CHARACTERS, ...BREAKS, '\t', '\n', '\r']) {
      expect(messageOf(name.safeParse(`a${character}b`))).toBe('Agent name must be a single line of text')
    }
    expect(name.parse('  Bot  ')).toBe('Bot')
  })

  it('text over lines keeps tabs and line breaks and refuses the other control characters', () => {
    expect(lines.parse('One\r\n\tTwo\nThree\n')).toBe('One\r\n\tTwo\nThree')
    for (const character of CONTROL_CHARACTERS)
      expect(messageOf(lines.safeParse(`a${character}b`))).toBe('Description has characters that are not text')
  })

  it('reads Windows-1252 leftovers (C1 controls such as U+0094 from a mis-decoded quote) as the characters they were', () => {
    expect(lines.parse('He said \u0093yes\u0094 \u0096 twice')).toBe('He said \u201cyes\u201d \u2013 twice')
    expect(name.parse('Caf\u0092s')).toBe('Caf\u2019s')
  })

  it('text over lines takes vertical tabs and form feeds (Word and PDF breaks) as line breaks', () => {
    for (const character of BREAKS) expect(lines.parse(`Page one${character}Page two`)).toBe('Page one\nPage two')
  })

  it('a required field answers its message when missing, not text or blank; lengths are counted after trimming', () => {
    for (const value of [undefined, 42, '', '   '])
      expect(messageOf(name.safeParse(value))).toBe('Agent name is required')
    expect(messageOf(name.safeParse('x'.repeat(11)))).toBe('Agent name must be at most 10 characters')
    expect(name.parse(` ${'x'.repeat(10)} `)).toBe('x'.repeat(10))
    expect(lines.parse('')).toBe('')
    expect(messageOf(lines.safeParse(42))).toBe('Description must be text')
  })

  it('keeps leading and trailing spaces when asked, and takes messages of its own', () => {
    const instructions = multiLineText({
      label: 'Instructions',
      max: 20,
      keepSpaces: true,
      refused: 'Instructions have characters that are not text',
      tooLong: 'Too long',
    })
    expect(instructions.parse('  Be brief.\n')).toBe('  Be brief.\n')
    expect(messageOf(instructions.safeParse('\u001b'))).toBe('Instructions have characters that are not text')
    expect(messageOf(instructions.safeParse('x'.repeat(21)))).toBe('Too long')
  })
})
