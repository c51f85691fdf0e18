import type { Request } from 'express'

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i // the scheme is case-insensitive (RFC 9110)

/** The token of an `Authorization: Bearer …` header; undefined when there is none or it is malformed. */
export function readBearerToken(req: Request): string | undefined {
  return BEARER.exec(req.get('authorization') ?? '')?.[1]
}
