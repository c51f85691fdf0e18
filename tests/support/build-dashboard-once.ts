// Builds the dashboard and the widget before the browser tests, so they exercise what `npm start` serves.
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { buildWidget } from '../../scripts/build-widget.ts'

export default async function buildDashboardOnce() {
  await build({ configFile: fileURLToPath(new URL('../../dashboard/vite.config.ts', import.meta.url)), logLevel: 'warn' })
  await buildWidget()
}
