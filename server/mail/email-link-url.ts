import type { Config } from '../config/config.schemas.ts'

/** A link in an e-mail: the dashboard page at `path` on PUBLIC_URL (this server's own address without it), with the secret. */
export function emailLinkUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, path: string, token: string) {
  const url = new URL(path, config.PUBLIC_URL ?? `http://localhost:${config.PORT}`)
  url.searchParams.set('token', token)
  return url.toString()
}
