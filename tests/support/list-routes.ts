import type { Express } from 'express'
import { FILE_FIELD } from '../../server/http/receive-single-file.ts'
import { SENDS_SECRET } from '../../server/http/sends-secret.ts'

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: Layer[] }
  /** The path the layer was mounted at (router 2: `app.use('/api', router)` keeps '/api'). */
  rawPath?: unknown
  handle?: { stack?: Layer[]; [FILE_FIELD]?: string; [SENDS_SECRET]?: true }
}

interface ListedRoute {
  /** "METHOD /full/path" */
  route: string
  /** The file field of the route's multipart upload, if it reads one (receiveSingleFile marks its middleware). */
  fileField?: string
  /** Whether the route is marked as answering with a secret (sendsSecret, server/http/sends-secret.ts). */
  sendsSecret: boolean
}

const mountPathOf = (layer: Layer) =>
  typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath.replace(/\/$/, '') : ''

function walkRoutes(app: Express): ListedRoute[] {
  const routes: ListedRoute[] = []
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]
        const fileField = layer.route.stack.map((handler) => handler.handle?.[FILE_FIELD]).find(Boolean)
        const sendsSecret = layer.route.stack.some((handler) => handler.handle?.[SENDS_SECRET] === true)
        for (const path of paths)
          for (const method of Object.keys(layer.route.methods))
            routes.push({ route: `${method.toUpperCase()} ${prefix}${path}`, fileField, sendsSecret })
      } else if (layer.handle?.stack) walk(layer.handle.stack, `${prefix}${mountPathOf(layer)}`)
    }
  }
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '')
  return routes
}

/**
 * Every route the app answers, as "METHOD /full/path", read from Express's router itself: each router's
 * routes under the path it is mounted at (/api for the API, /shopify/proxy for the app proxy).
 */
export function listRoutes(app: Express): string[] {
  return [...new Set(walkRoutes(app).map(({ route }) => route))]
}

/** The routes that read a multipart upload, with the name of its file field (see receive-single-file.ts). */
export function listFileFields(app: Express): Map<string, string> {
  const fileFields = new Map<string, string>()
  for (const { route, fileField } of walkRoutes(app)) if (fileField) fileFields.set(route, fileField)
  return fileFields
}

/** The routes marked as answering with a token, key or secret (sendsSecret: Cache-Control: no-store). */
export function listSecretRoutes(app: Express): string[] {
  return [
    ...new Set(
      walkRoutes(app)
        .filter(({ sendsSecret }) => sendsSecret)
        .map(({ route }) => route),
    ),
  ]
}
