// The landing page's feature sections (SPEC section 1: 24/7 support, multilingual answers, smart chat,
// analytics), plus what a signed-in user can do with widgets and teams.
import {
  ChartVerticalIcon,
  ChatIcon,
  ClockIcon,
  CodeIcon,
  LanguageTranslateIcon,
  TeamIcon,
} from '@shopify/polaris-icons'

export interface ProductFeature {
  title: string
  description: string
  icon: typeof ChatIcon
}

export const PRODUCT_FEATURES: ProductFeature[] = [
  {
    title: '24/7 support',
    description:
      'Your agent answers at 3 a.m. on a holiday as well as at noon on a Monday. No queue, no waiting for office hours.',
    icon: ClockIcon,
  },
  {
    title: 'Multilingual answers',
    description:
      'Customers write in their own language and get answers in it: over 95 languages, from the same knowledge.',
    icon: LanguageTranslateIcon,
  },
  {
    title: 'Smart chat',
    description:
      'Answers come from your documents, texts and web pages, with the sources they rely on, not from guesswork.',
    icon: ChatIcon,
  },
  {
    title: 'Analytics',
    description: 'Follow conversations, messages and trends on your dashboard, and see your usage against your plan.',
    icon: ChartVerticalIcon,
  },
  {
    title: 'Embed anywhere',
    description:
      'One script tag puts the chat widget on any website or online store theme, in your colours and corner.',
    icon: CodeIcon,
  },
  {
    title: 'Built for teams',
    description:
      'Organise teams, invite members as admins, members or viewers, and choose which agents each team can use.',
    icon: TeamIcon,
  },
]
