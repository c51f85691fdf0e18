// How deep and how large a JSON value this API takes. Imports only zod, so the server and both admins share it.
import { z } from 'zod'

/** No field of this API nests deeper; a value thousands deep would overflow the stack of JSON.stringify. */
export const JSON_MAX_DEPTH = 32

export type JsonHazard = 'nul' | 'too-deep'

/**
 * The first reason a parsed JSON value (or query) cannot be taken: a NUL character in a key or a string
 * (PostgreSQL text and jsonb cannot hold one), or objects and lists nested deeper than maxDepth. Walks
 * with its own stack, never the call stack, so any depth is safe to inspect.
 */
export function findJsonHazard(value: unknown, maxDepth = JSON_MAX_DEPTH): JsonHazard | null {
  const pending: [unknown, number][] = [[value, 0]]
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'nul'
      continue
    }
    if (item === null || typeof item !== 'object') continue
    if (depth >= maxDepth) return 'too-deep'
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) return 'nul'
      pending.push([child, depth + 1])
    }
  }
  return null
}

export const jsonTooLargeMessage = (field: string, maxCharacters: number) =>
  `${field} must be at most ${maxCharacters.toLocaleString('en')} characters of JSON, without NUL characters`

/** An object stored as jsonb: at most JSON_MAX_DEPTH deep, at most maxCharacters of JSON, no NUL anywhere. */
export function jsonObjectSchema(field: string, maxCharacters: number) {
  const sizeMessage = jsonTooLargeMessage(field, maxCharacters)
  return z.record(z.string(), z.unknown(), { error: `${field} must be an object` }).superRefine((value, context) => {
    const hazard = findJsonHazard(value)
    if (hazard === 'too-deep')
      context.addIssue({ code: 'custom', message: `${field} must nest at most ${JSON_MAX_DEPTH} levels deep` })
    else if (hazard === 'nul' || JSON.stringify(value).length > maxCharacters)
      context.addIssue({ code: 'custom', message: sizeMessage })
  })
}
