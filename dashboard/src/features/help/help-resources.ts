// SPEC section 2, Help center, Resources tab: four links. The SPEC's are placeholders; these point at
// the screens of the product that cover each topic. There is no community forum, so that one says so
// and leads to Contact Support instead.
import { BookOpenIcon, ChatIcon, CodeIcon, PlayCircleIcon } from '@shopify/polaris-icons'

export interface HelpResource {
  id: string
  title: string
  description: string
  to: string
  action: string
  icon: typeof BookOpenIcon
}

export const HELP_RESOURCES: HelpResource[] = [
  {
    id: 'getting-started',
    title: 'Getting started guide',
    description: 'Create your first agent, add documents, texts or web pages, and try it in the chat.',
    to: '/app/create-agent',
    action: 'Start with Create Agent',
    icon: BookOpenIcon,
  },
  {
    id: 'api-documentation',
    title: 'API documentation',
    description: 'The conversations endpoint, your API keys and the embed code live under Integrations.',
    to: '/app/integrations',
    action: 'Open Integrations',
    icon: CodeIcon,
  },
  {
    id: 'video-tutorials',
    title: 'Video tutorials',
    description: 'Watch the four steps from a new agent to a live chat widget in the product walkthrough.',
    to: '/demo',
    action: 'Watch the walkthrough',
    icon: PlayCircleIcon,
  },
  {
    id: 'community-forum',
    title: 'Community forum',
    description: 'Our community forum is not open yet. Until it is, ask us directly: we answer within 24 hours.',
    to: '/app/help?tab=contact',
    action: 'Contact Support',
    icon: ChatIcon,
  },
]
