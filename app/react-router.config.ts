// React Router's build settings for the embedded Shopify app. Vite's root is this folder (vite.config.ts),
// so paths are relative to it. SHOPIFY_APP_BUILD_DIR lets tests build elsewhere.
import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: '.',
  basename: '/shopify',
  buildDirectory: process.env.SHOPIFY_APP_BUILD_DIR ?? '../dist/shopify',
  ssr: true,
} satisfies Config
