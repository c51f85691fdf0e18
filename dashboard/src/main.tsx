import '@shopify/polaris/build/esm/styles.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { createQueryClient } from './app/query-client.ts'
import { routes } from './app/routes.tsx'
import { ToastProvider } from './feedback/toast-context.tsx'
import './app/visually-hidden.css'
import './app/global.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const queryClient = createQueryClient()
const router = createBrowserRouter(routes)

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider navigate={(url) => void router.navigate(url)}>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
)
