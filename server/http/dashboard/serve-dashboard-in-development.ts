import { fileURLToPath } from 'node:url'
import type { RequestHandler } from 'express'

/** Vite in middleware mode: the dashboard with hot reload, for `npm run dev`. Vite is a dev dependency. */
export async function serveDashboardInDevelopment(): Promise<{ handler: RequestHandler; close(): Promise<void> }> {
  const { createServer } = await import('vite')
  const vite = await createServer({
    configFile: fileURLToPath(new URL('../../../dashboard/vite.config.ts', import.meta.url)),
    server: { middlewareMode: true },
    appType: 'spa',
  })
  return { handler: vite.middlewares as unknown as RequestHandler, close: () => vite.close() }
}
