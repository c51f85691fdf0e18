// The embedded app's routes, relative to the /shopify basename. Files say what answers each path.
import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  index('routes/open-app.tsx'),
  route('auth/login', 'routes/auth-login.tsx'),
  route('auth/*', 'routes/auth.tsx'),
  route('webhooks', 'routes/webhooks.tsx', { id: 'webhooks' }),
  route('webhooks/compliance', 'routes/webhooks.tsx', { id: 'webhooks-compliance' }),
  route('app', 'routes/app.tsx', [
    index('routes/app-home.tsx', { id: 'app-home' }),
    route('agents', 'routes/app-agents.tsx', { id: 'app-agents' }),
    route('agents/:agentId', 'routes/app-agent-detail.tsx'),
    route('create-agent', 'routes/app-create-agent.tsx'),
    route('sign-in', 'routes/app-sign-in.tsx'),
    route('knowledge', 'routes/app-knowledge.tsx'),
    route('widget', 'routes/app-widget.tsx'),
    route('usage', 'routes/app-usage.tsx'),
    route('plans', 'routes/app-plans.tsx', { id: 'app-plans' }),
    // Where the dashboard's Upgrade Plan actions point: the plans, subscribed to through Shopify Billing.
    route('payment', 'routes/app-plans.tsx', { id: 'app-payment' }),
    route('playground', 'routes/app-playground.tsx'),
    route('conversations', 'routes/app-conversations.tsx'),
    route('teams', 'routes/app-teams.tsx'),
  ]),
] satisfies RouteConfig
