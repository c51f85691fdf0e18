import { ConfigSchema, type Config } from './config.schemas.ts'

export class ConfigError extends Error {}

// Empty strings count as unset, as in most .env tooling.
function withoutEmptyValues(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
}

/** Parses the environment; a wrong value throws one line naming the variable and what it must be. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(withoutEmptyValues(env))
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment')
    const given = env[name]
    return `${name} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`
  })
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
}
