import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits: the token the client keeps. Only its hash is stored. */
export function newRefreshToken(): string {
  return `rt_${randomBytes(32).toString('base64url')}`
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export const INVALID_REFRESH_TOKEN = 'Invalid or expired refresh token'
