// Meta's Graph API over fetch (decision: no SDK is kept for it): where it is, and one GET that answers
// Meta's JSON or throws with Meta's own reason. Messenger and WhatsApp live on graph.facebook.com,
// Instagram (Instagram Login) on graph.instagram.com; tests point both at a local stand-in.
import { AppError } from '../../errors/app-error.ts'

export interface MetaGraph {
  graphUrl: string
  instagramUrl: string
  /** The Graph API version every call names, such as v23.0. */
  version: string
}

/** The settings that say where Meta's Graph API is. */
export const metaGraphOf = (config: {
  META_GRAPH_URL: string
  INSTAGRAM_GRAPH_URL: string
  META_GRAPH_VERSION: string
}): MetaGraph => ({
  graphUrl: config.META_GRAPH_URL,
  instagramUrl: config.INSTAGRAM_GRAPH_URL,
  version: config.META_GRAPH_VERSION,
})

/** Meta's error envelope: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
interface GraphErrorBody {
  error?: { message?: unknown; code?: unknown }
}

const GRAPH_TIMEOUT_MS = 10_000
const META_UNREACHABLE = 'Meta could not be reached to check the token. Try again in a moment.'

/**
 * GETs `path` (with `fields`) from the host with the token as a bearer. A refusal from Meta (its error
 * envelope, whatever the HTTP status) is a 400 carrying Meta's message; no answer at all is a 502.
 */
export async function getFromGraph(
  { host, version, accessToken }: { host: string; version: string; accessToken: string },
  path: string,
  fields: string,
): Promise<Record<string, unknown>> {
  const url = new URL(`${host.replace(/\/$/, '')}/${version}/${path}`)
  url.searchParams.set('fields', fields)
  let response: Response
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
    })
  } catch {
    throw new AppError('UPSTREAM_FAILED', META_UNREACHABLE)
  }
  const body = (await response.json().catch(() => null)) as (GraphErrorBody & Record<string, unknown>) | null
  if (body?.error) {
    const reason = typeof body.error.message === 'string' ? body.error.message.slice(0, 300) : 'no reason given'
    throw new AppError('BAD_REQUEST', `Meta refused the token: ${reason}`)
  }
  if (!response.ok || !body) throw new AppError('UPSTREAM_FAILED', META_UNREACHABLE)
  return body
}
