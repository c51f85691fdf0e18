import type { Config } from '../config/config.schemas.ts'

/** Where e-mailed links point: PUBLIC_URL, or this server's own address without it. */
export function linkBaseOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`
}

/** A link in an e-mail: the dashboard page at `path` on `linkBase` (linkBaseOf), with the secret when there is one. */
export function emailLinkUrl(linkBase: string, path: string, token?: string) {
  const url = new URL(path, linkBase)
  if (token) url.searchParams.set('token', token)
  return url.toString()
}
