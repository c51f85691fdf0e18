/** What signing and lifetimes the session operations need; built once from config and secrets. */
export interface SessionSettings {
  accessTokenKey: Buffer
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  /** A sign-in ends this long after it started, however often it was refreshed. */
  sessionMaxAgeSeconds: number
}

export interface SessionTokens {
  access: string
  refresh: string
  /** ISO time when the access token stops being accepted. */
  access_expires_at: string
}
