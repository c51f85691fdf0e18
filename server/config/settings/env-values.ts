// How the environment's text becomes settings: numbers, lists of origins and networks, URLs.
import { z } from 'zod'

// Digits only: Number(' ') is 0 and Number('0x50') is 80, neither of which anyone meant.
export const wholeNumberFromEnv = z.string().regex(/^\d+$/, { error: 'must be a whole number' }).transform(Number)

function isOrigin(value: string) {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

// Comma-separated CIDRs such as 127.0.0.1/32, 10.0.0.0/8 or ::1/128.
export function originListFromEnvFree() {
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((cidrs) => cidrs.every((cidr) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(cidr)), {
      error: 'must be CIDRs such as 127.0.0.1/32, separated by commas',
    })
}

// Host names as a Host header carries them, with a port where it is not the scheme's: chat.example.com, localhost:3000.
export const hostListFromEnv = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (hosts) =>
      hosts.every((host) =>
        /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:\d{1,5})?$/.test(host),
      ),
    { error: 'must be host names such as chat.example.com or localhost:3000, separated by commas' },
  )

export const originListFromEnv = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().replace(/\/$/, ''))
      .filter(Boolean),
  )
  .refine((origins) => origins.every(isOrigin), {
    error: 'must be origins such as https://app.example.com, separated by commas',
  })

export const optionalUrl = (example: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` }).optional()
