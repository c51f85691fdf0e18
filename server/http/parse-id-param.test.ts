import { describe, expect, it } from 'vitest'
import { AppError } from '../errors/app-error.ts'
import { parseIdParam } from './parse-id-param.ts'

describe('parseIdParam', () => {
  it('returns a UUID unchanged', () => {
    expect(parseIdParam('01a1fed8-db14-76e0-9c1b-b18b6b861a9b', 'Agent not found')).toBe(
      '01a1fed8-db14-76e0-9c1b-b18b6b861a9b',
    )
  })

  it.each([
    '123',
    '',
    "1' or '1'='1",
    undefined,
    ['01a1fed8-db14-76e0-9c1b-b18b6b861a9b'],
    '0'.repeat(36),
    '-'.repeat(36),
    'abcdef0123456789-abcdef0123456789-ab',
    '01a1fed8-db14-76e0-9c1b-b18b6b861a9b\u0000',
  ])('answers 404 for %j', (value) => {
    let thrown: unknown
    try {
      parseIdParam(value, 'Agent not found')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AppError)
    expect(thrown).toMatchObject({ code: 'NOT_FOUND', detail: 'Agent not found', status: 404 })
  })
})
