import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isValidCsrfPair, issueCsrfToken } from './csrf-tokens.ts'

const key = randomBytes(32)

describe('CSRF tokens', () => {
  it('accepts a token issued with the same key, echoed unchanged', () => {
    const token = issueCsrfToken(key)
    expect(isValidCsrfPair(key, token, token)).toBe(true)
  })

  it('refuses a header that differs from the cookie', () => {
    expect(isValidCsrfPair(key, issueCsrfToken(key), issueCsrfToken(key))).toBe(false)
  })

  it('refuses a token signed with another key, even when cookie and header agree', () => {
    const foreign = issueCsrfToken(randomBytes(32))
    expect(isValidCsrfPair(key, foreign, foreign)).toBe(false)
  })

  it.each([undefined, '', 'plain', 'a.b.c', '.sig'])('refuses the malformed value %j', (value) => {
    expect(isValidCsrfPair(key, value, value)).toBe(false)
  })
})
