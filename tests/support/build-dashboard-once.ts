// Builds the dashboard before the browser tests, so they exercise what `npm start` serves.
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

export default async function buildDashboardOnce() {
  await build({ configFile: fileURLToPath(new URL('../../dashboard/vite.config.ts', import.meta.url)), logLevel: 'warn' })
}
