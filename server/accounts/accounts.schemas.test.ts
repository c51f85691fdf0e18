import { describe, expect, it } from 'vitest'
import { meetsPasswordRules, normalizeEmail, PASSWORD_RULES, RegisterSchema } from './accounts.schemas.ts'

describe('password rules', () => {
  it.each([
    ['Correct-Horse-9', true],
    ['Ünïcode-Pässwort-1', true],
    ['Sh0rt!', false],
    ['nouppercase-1', false],
    ['NOLOWERCASE-1', false],
    ['No-Digits-Here', false],
    ['NoSymbols123', false],
    ['Spaces Only 1a', false],
  ])('%s passes: %s', (password, expected) => {
    expect(meetsPasswordRules(password)).toBe(expected)
  })

  it('the checklist has the five rules of the SPEC', () => {
    expect(PASSWORD_RULES.map((rule) => rule.label)).toEqual([
      'At least 8 characters',
      'An uppercase letter',
      'A lowercase letter',
      'A number',
      'A symbol',
    ])
  })
})

describe('e-mail', () => {
  it('is trimmed and lower-cased', () => {
    expect(normalizeEmail('  Mixed.Case@Example.COM ')).toBe('mixed.case@example.com')
    expect(RegisterSchema.parse({ email: ' A@B.io ', password: 'Correct-Horse-9', full_name: 'A' }).email).toBe(
      'a@b.io',
    )
  })
})
