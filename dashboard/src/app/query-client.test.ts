import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error.ts'
import { shouldRetry } from './query-client.ts'

describe('the reads’ retry rule', () => {
  it('never asks again after a client error, whatever its message says', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'Not Found', 'Agent not found', null))).toBe(false)
    expect(shouldRetry(0, new ApiError(403, 'FORBIDDEN', 'Forbidden', 'You cannot see this agent', null))).toBe(false)
  })

  it('asks again, fewer than twice, after a server or network failure', () => {
    const unavailable = new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable', 'Try again soon', null)
    expect(shouldRetry(0, unavailable)).toBe(true)
    expect(shouldRetry(1, unavailable)).toBe(true)
    expect(shouldRetry(2, unavailable)).toBe(false)
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true)
    // A timeout or a rate limit passes: asking again later may well work.
    expect(shouldRetry(0, new ApiError(429, 'HTTP_ERROR', 'Too Many Requests', 'Slow down', null))).toBe(true)
    expect(shouldRetry(0, new ApiError(408, 'HTTP_ERROR', 'Request Timeout', 'Too slow', null))).toBe(true)
  })
})
