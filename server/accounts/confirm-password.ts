import type { User } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { verifyPassword } from './password-hashing.ts'

// 400, not 401: a 401 would make the client refresh its tokens and retry, as if the session had expired.
export async function confirmPassword(user: User, password: string, message = 'Password is incorrect.') {
  if (!user.passwordHash)
    throw new AppError('BAD_REQUEST', 'This account has no password yet: set one first (change password).')
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('BAD_REQUEST', message)
}
