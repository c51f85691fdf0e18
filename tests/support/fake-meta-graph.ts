// A local stand-in for Meta's Graph API (graph.facebook.com and graph.instagram.com), speaking its wire
// format: GET /{version}/{id}?fields=… with the token as a bearer answers the object's fields when the
// token reaches it, and Meta's error envelope otherwise (code 190, an invalid OAuth token). Every request
// is kept for the test to read.
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

/** The key of an object that stands for every id not otherwise known (its token reaches them all). */
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
  const server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.local')
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization })
    const [, version, id] = url.pathname.split('/')
    if (version !== VERSION) return refuse(res, `Unknown path components: /${version}`, 2500)
    const token = req.headers.authorization?.replace(/^Bearer /, '')
    const object = objects.get(id ?? '') ?? objects.get(ANY_GRAPH_ID)
    if (!token || (object && object.token !== token) || (!object && !token))
      return refuse(res, 'Invalid OAuth access token - Cannot parse access token', 190)
    if (!object)
      return refuse(
        res,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
      )
    const wanted = (url.searchParams.get('fields') ?? 'id').split(',')
    return sendJson(
      res,
      200,
      Object.fromEntries([
        ['id', id],
        ...wanted.flatMap((field) => (field in object.fields ? [[field, object.fields[field]]] : [])),
      ]),
    )
  })
  return {
    ...server,
    objects,
    requests,
    config: { META_GRAPH_URL: server.url, INSTAGRAM_GRAPH_URL: server.url, META_GRAPH_VERSION: VERSION },
  }
}
