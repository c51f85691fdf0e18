// Builds the dashboard before the browser tests, so they exercise what `npm start` serves.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

export default function buildDashboardOnce() {
  const viteCli = createRequire(import.meta.url).resolve('vite/bin/vite.js')
  execFileSync(process.execPath, [viteCli, 'build', '--config', fileURLToPath(new URL('../../dashboard/vite.config.ts', import.meta.url)), '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
}
