import { ConfigSchema, type Config } from './config.schemas.ts'

export class ConfigError extends Error {}

// Empty strings count as unset, as in most .env tooling.
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  )
}

// Secrets never reach the terminal or a log: a key is hidden whole, a URL loses its password.
function describeGivenValue(name: string, value: string) {
  if (/SECRET|PASSWORD|TOKEN|_KEY$/.test(name)) return ' (value hidden)'
  let shown = value
  try {
    const url = new URL(value)
    if (url.password) {
      url.password = '***'
      shown = url.toString()
    }
  } catch {
    // not a URL: shown as given
  }
  return ` (got "${shown}")`
}

/**
 * Under the Shopify CLI (`shopify app dev`), which names the tunnel SHOPIFY_APP_URL and the scopes SCOPES,
 * those stand in for PUBLIC_URL and SHOPIFY_SCOPES when these are not set.
 */
function withShopifyCliNames(env: Record<string, string>): Record<string, string> {
  if (!env.SHOPIFY_APP_URL) return env
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? env.SHOPIFY_APP_URL,
    ...((env.SHOPIFY_SCOPES ?? env.SCOPES) ? { SHOPIFY_SCOPES: env.SHOPIFY_SCOPES ?? env.SCOPES } : {}),
  }
}

/** Parses the environment; a wrong value throws one line naming the variable and what it must be. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(withShopifyCliNames(withoutEmptyValues(env)))
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment')
    if (issue.code === 'custom' && issue.params?.namesItsVariables) return issue.message
    const given = env[name]
    return `${name} ${issue.message}${given === undefined ? '' : describeGivenValue(name, given)}`
  })
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
}
