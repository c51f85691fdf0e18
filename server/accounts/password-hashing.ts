import { availableParallelism } from 'node:os'
import argon2 from 'argon2'

// OWASP's argon2id baseline (19 MiB, 2 passes) raised to 64 MiB, 3 passes: about 60 ms per hash here.
// The light cost (PASSWORD_HASH_COST=light, tests only) is still argon2id, at an eighth of the memory and a third of the passes
// (1,348 ms → 15 ms per hash measured on a loaded test machine).
const HASH_OPTIONS = {
  standard: { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 1 },
  light: { type: argon2.argon2id, memoryCost: 8_192, timeCost: 1, parallelism: 1 },
} as const

export type PasswordHashCost = keyof typeof HASH_OPTIONS

// Set once by the composition root from PASSWORD_HASH_COST. Verifying reads the cost from the stored hash.
let hashCost: PasswordHashCost = 'standard'

export function usePasswordHashCost(cost: PasswordHashCost): void {
  hashCost = cost
}

// Each hash takes 64 MiB and a thread: at most one per core run at once, the rest wait their turn,
// so a burst of sign-ins cannot exhaust memory or starve the thread pool other I/O needs.
const MAX_CONCURRENT = Math.max(1, availableParallelism())
let running = 0
const waiting: (() => void)[] = []

async function oneAtATimePerCore<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  try {
    return await work()
  } finally {
    running -= 1
    waiting.shift()?.()
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore(() => argon2.hash(password, HASH_OPTIONS[hashCost]))
}

let decoyHash: Promise<string> | undefined

/**
 * Verifies a password against a stored hash. Without a hash (no such user, or an account with no
 * password) it still spends the time of one verification against a decoy, so the answer time does
 * not tell whether the e-mail exists. argon2's comparison itself is constant-time.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy password that matches nothing')
    const decoy = await decoyHash
    await oneAtATimePerCore(() => argon2.verify(decoy, password)).catch(() => false)
    return false
  }
  try {
    return await oneAtATimePerCore(() => argon2.verify(hash, password))
  } catch {
    return false // a malformed stored hash matches nothing
  }
}
