// Builds the embedded Shopify app (npm run build: react-router build app → dist/shopify) and serves it in
// development (server/http/shopify/mount-shopify-admin.ts). Its URLs live under /shopify.
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'
import reactRouterConfig from './react-router.config.ts'

const appDirectory = fileURLToPath(new URL('.', import.meta.url))
const serverDirectory = fileURLToPath(new URL('../server/', import.meta.url))
// Where React Router writes the server build (index.js); its imports of server/ are relative to it.
const serverBuildDirectory = resolve(appDirectory, reactRouterConfig.buildDirectory, 'server')

// The server build imports the domain from server/ instead of bundling a copy: Node runs those .ts
// files itself, as it runs the rest of the server, so the process holds one copy of each module.
function keepServerCodeOutside(): Plugin {
  return {
    name: 'keep-server-code-outside',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    resolveId(source, importer) {
      // '#server/...' resolves at run time through package.json's "imports", as in the rest of the server.
      if (source.startsWith('#server/')) return { id: source, external: true }
      if (!source.startsWith('.') || !importer) return null
      const path = resolve(dirname(importer), source)
      if (!path.startsWith(serverDirectory)) return null
      return { id: relative(serverBuildDirectory, path).replaceAll('\\', '/'), external: 'absolute' }
    },
  }
}

export default defineConfig({
  root: appDirectory,
  base: '/shopify/',
  // Its own dependency cache: the dashboard's Vite runs in the same process in development.
  cacheDir: '../node_modules/.vite/shopify-app',
  plugins: [keepServerCodeOutside(), reactRouter()],
  // The output is outside this root (../dist/shopify): empty it anyway, so old hashed assets do not pile up.
  build: { sourcemap: true, emptyOutDir: true },
})
