// SPEC section 2, the route table. Every page is its own chunk, so the first load carries only the
// frame and the page asked for.
import { lazy, type ComponentType } from 'react'
import { Navigate, type RouteObject } from 'react-router'
import { AppLayout } from '../layout/app-layout.tsx'
import { OpenPageLayout } from '../layout/open-page-layout.tsx'
import { PublicLayout } from '../layout/public-layout.tsx'
import { NotFoundPage } from '../pages/not-found-page.tsx'
import { RequireSession } from '../session/require-session.tsx'
import { Root } from './root.tsx'

/** A page loaded on first visit, from a module exporting it by name. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }))
  return <Page />
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: page(() => import('../pages/public/landing-page.tsx'), 'LandingPage') },
          { path: '/demo', element: page(() => import('../pages/public/demo-page.tsx'), 'DemoPage') },
          { path: '/about', element: page(() => import('../pages/public/about-page.tsx'), 'AboutPage') },
          { path: '/help', element: page(() => import('../pages/public/help-page.tsx'), 'HelpPage') },
          { path: '/contact', element: page(() => import('../pages/public/contact-page.tsx'), 'ContactPage') },
          { path: '/privacy', element: page(() => import('../pages/public/privacy-page.tsx'), 'PrivacyPage') },
          { path: '/terms', element: page(() => import('../pages/public/terms-page.tsx'), 'TermsPage') },
          { path: '/security', element: page(() => import('../pages/public/security-page.tsx'), 'SecurityPage') },
          { path: '/refund', element: page(() => import('../pages/public/refund-page.tsx'), 'RefundPage') },
          { path: '/auth', element: page(() => import('../pages/auth/auth-page.tsx'), 'AuthPage') },
          {
            path: '/auth/forgot-password',
            element: page(() => import('../pages/auth/forgot-password-page.tsx'), 'ForgotPasswordPage'),
          },
          {
            path: '/auth/reset-password',
            element: page(() => import('../pages/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
          },
          {
            path: '/auth/sign-in',
            element: page(() => import('../pages/auth/sign-in-link-page.tsx'), 'SignInLinkPage'),
          },
          {
            path: '/auth/verify-email',
            element: page(() => import('../pages/auth/verify-email-page.tsx'), 'VerifyEmailPage'),
          },
          {
            path: '/auth/invitation',
            element: page(() => import('../pages/auth/invitation-page.tsx'), 'InvitationPage'),
          },
        ],
      },
      {
        // Open to everyone; a signed-in user keeps the signed-in frame.
        element: <OpenPageLayout />,
        children: [
          { path: '/app/plans', element: page(() => import('../pages/app/plans-page.tsx'), 'PlansPage') },
          {
            path: '/app/customer-info',
            element: page(() => import('../pages/app/customer-info-page.tsx'), 'CustomerInfoPage'),
          },
        ],
      },
      {
        path: '/app',
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Navigate to="/app/dashboard" replace /> },
          { path: 'dashboard', element: page(() => import('../pages/app/dashboard-page.tsx'), 'DashboardPage') },
          {
            path: 'conversations',
            element: page(() => import('../pages/app/conversations-page.tsx'), 'ConversationsPage'),
          },
          { path: 'agents', element: page(() => import('../pages/app/agents-page.tsx'), 'AgentsPage') },
          {
            path: 'agents/:agentId',
            element: page(() => import('../pages/app/agent-detail-page.tsx'), 'AgentDetailPage'),
          },
          {
            path: 'create-agent',
            element: page(() => import('../pages/app/create-agent-page.tsx'), 'CreateAgentPage'),
          },
          { path: 'settings', element: page(() => import('../pages/app/settings-page.tsx'), 'SettingsPage') },
          { path: 'profile', element: page(() => import('../pages/app/profile-page.tsx'), 'ProfilePage') },
          { path: 'user-info', element: page(() => import('../pages/app/profile-page.tsx'), 'ProfilePage') },
          {
            path: 'integrations',
            element: page(() => import('../pages/app/integrations-page.tsx'), 'IntegrationsPage'),
          },
          { path: 'widget', element: page(() => import('../pages/app/widget-page.tsx'), 'WidgetPage') },
          { path: 'help', element: page(() => import('../pages/app/help-center-page.tsx'), 'HelpCenterPage') },
          { path: 'usage', element: page(() => import('../pages/app/usage-page.tsx'), 'UsagePage') },
          { path: 'payment', element: page(() => import('../pages/app/payment-page.tsx'), 'PaymentPage') },
          {
            path: 'payment-success',
            element: page(() => import('../pages/app/payment-success-page.tsx'), 'PaymentSuccessPage'),
          },
          {
            path: 'payment-cancel',
            element: page(() => import('../pages/app/payment-cancel-page.tsx'), 'PaymentCancelPage'),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
