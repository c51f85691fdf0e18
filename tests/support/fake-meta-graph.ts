// A local stand-in for Meta's Graph API (graph.facebook.com and graph.instagram.com), speaking its wire
// format: GET /{version}/{id}?fields=… with the token as a bearer answers the object's fields when the
// token reaches it, GET /{version}/me answers as the object the token belongs to, and Meta's error
// envelope otherwise (code 190, an invalid OAuth token). Every request is kept for the test to read.
import { randomBytes } from 'node:crypto'
import { sendJson, startLocalServer, type LocalServer } from './local-http-server.ts'

interface GraphObject {
  /** The token that reaches it. */
  token: string
  /** Its fields, as Meta answers them (id added). */
  fields: Record<string, string>
}

interface GraphRequest {
  method: string
  path: string
  authorization: string | undefined
}

export interface FakeMetaGraph extends LocalServer {
  /** The objects it knows, by id. */
  objects: Map<string, GraphObject>
  requests: GraphRequest[]
  /** The settings that point the server at this stand-in. */
  config: Record<string, string>
}

const VERSION = 'v23.0'

/**
 * The key of an object that stands for every id not otherwise known: its token reaches them all, and
 * `<token>.<id>` is the token of that id (what `/me` answers as).
 */
export const ANY_GRAPH_ID = '*'

/** A token shaped like Meta's. */
export const metaToken = (prefix = 'EAAG') => `${prefix}${randomBytes(24).toString('base64url')}`

export async function startFakeMetaGraph(): Promise<FakeMetaGraph> {
  const objects = new Map<string, GraphObject>()
  const requests: GraphRequest[] = []
  const refuse = (res: Parameters<typeof sendJson>[0], message: string, code: number) =>
    sendJson(res, 400, {
      error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('base64url') },
    })
  /** The object the token is, for `/me`: a known object's own token, or the wildcard's `<token>.<id>`. */
  const whoIs = (token: string): [string, GraphObject] | null => {
    for (const [key, object] of objects) if (key !== ANY_GRAPH_ID && object.token === token) return [key, object]
    const any = objects.get(ANY_GRAPH_ID)
    if (any && token.startsWith(`${any.token}.`)) return [token.slice(any.token.length + 1), any]
    return null
  }
  const reaches = (token: string, key: string, object: GraphObject) =>
    token === object.token || (object === objects.get(ANY_GRAPH_ID) && token === `${object.token}.${key}`)
  const server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.local')
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization })
    const [, version, id = ''] = url.pathname.split('/')
    if (version !== VERSION) return refuse(res, `Unknown path components: /${version}`, 2500)
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
    const known = id === 'me' ? whoIs(token) : ([id, objects.get(id) ?? objects.get(ANY_GRAPH_ID)] as const)
    if (!known || !known[1] || !reaches(token, known[0], known[1]))
      return refuse(res, 'Invalid OAuth access token - Cannot parse access token', 190)
    const [key, object] = known as [string, GraphObject]
    const wanted = (url.searchParams.get('fields') ?? 'id').split(',')
    // Instagram Login answers an app-scoped `id` and the account's own `user_id`.
    const answer: Record<string, string> = { id: wanted.includes('user_id') ? `app-scoped-${key}` : key }
    for (const field of wanted) if (field === 'user_id') answer.user_id = key
    for (const field of wanted) if (field in object.fields) answer[field] = object.fields[field]!
    return sendJson(res, 200, answer)
  })
  return {
    ...server,
    objects,
    requests,
    config: { META_GRAPH_URL: server.url, INSTAGRAM_GRAPH_URL: server.url, META_GRAPH_VERSION: VERSION },
  }
}
