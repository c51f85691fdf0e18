import type { Express } from 'express'

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
}

/** Every route the app answers, as "METHOD /api/path", read from Express's router itself. */
export function listRoutes(app: Express, prefix = '/api'): string[] {
  const routes: string[] = []
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]
        for (const path of paths) for (const method of Object.keys(layer.route.methods)) routes.push(`${method.toUpperCase()} ${prefix}${path}`)
      } else if (layer.handle?.stack) walk(layer.handle.stack)
    }
  }
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack)
  return [...new Set(routes)]
}
