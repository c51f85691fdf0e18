// Builds the dashboard and the widget before the browser tests, so they exercise what `npm start` serves.
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { buildWidget } from '../../scripts/build-widget.ts'

/** DASHBOARD_DIR (also read by the spawned servers) builds elsewhere, so that two test runs never share a build. */
export default async function buildDashboardOnce() {
  const outDir = process.env.DASHBOARD_DIR
  await build({ configFile: fileURLToPath(new URL('../../dashboard/vite.config.ts', import.meta.url)), logLevel: 'warn', ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}) })
  await buildWidget()
}
