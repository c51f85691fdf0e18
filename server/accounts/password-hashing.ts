import argon2 from 'argon2'

// OWASP's argon2id baseline (19 MiB, 2 passes) raised to 64 MiB, 3 passes: about 60 ms per hash here.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS)
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
    await argon2.verify(await decoyHash, password).catch(() => false)
    return false
  }
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false // a malformed stored hash matches nothing
  }
}
