// Builds the dashboard, the widget and the embedded Shopify app before the browser tests, so they
// exercise what `npm start` serves.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { buildWidget } from '../../scripts/build-widget.ts'

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url))
const REACT_ROUTER_CLI = fileURLToPath(new URL('../../node_modules/@react-router/dev/bin.js', import.meta.url))

/**
 * Where the browser tests' Shopify app is built: one folder per DASHBOARD_DIR, so two test runs never
 * share a build, and inside the repository, because the server build imports packages from node_modules
 * and the domain from server/ by relative paths.
 */
export function shopifyAppTestBuildDir(dashboardDir = process.env.DASHBOARD_DIR) {
  if (!dashboardDir) return join(REPOSITORY, 'dist', 'shopify')
  return join(
    REPOSITORY,
    'dist',
    `shopify-test-${createHash('sha256').update(dashboardDir).digest('hex').slice(0, 12)}`,
  )
}

/** `react-router build app` into outDir ({client,server}) as npm run build makes it (a test runner's NODE_ENV would bundle React's development build); rejects with the build's output if it fails. */
export function buildShopifyApp(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [REACT_ROUTER_CLI, 'build', 'app'], {
      cwd: REPOSITORY,
      env: { ...process.env, NODE_ENV: 'production', SHOPIFY_APP_BUILD_DIR: outDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`react-router build failed (${code}):\n${output}`)),
    )
  })
}

/** DASHBOARD_DIR (also read by the spawned servers) builds elsewhere, so that two test runs never share a build. */
export default async function buildDashboardOnce() {
  const outDir = process.env.DASHBOARD_DIR
  await build({
    configFile: fileURLToPath(new URL('../../dashboard/vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
  })
  await buildWidget()
  await buildShopifyApp(shopifyAppTestBuildDir())
}
