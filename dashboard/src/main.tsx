import { AppProvider } from '@shopify/polaris'
import '@shopify/polaris/build/esm/styles.css'
import en from '@shopify/polaris/locales/en.json'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ServerStatusPage } from './server-status-page.tsx'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppProvider i18n={en}>
      <ServerStatusPage />
    </AppProvider>
  </StrictMode>,
)
