// SPEC section 2, layout of the signed-in area: the sidebar's links, the mobile bottom bar's, the footer's.
// The sidebar adds Integrations (API keys, webhooks) to the SPEC's list, after Widget: a desktop reached
// it only from Help before (issue 37).
import {
  AppsIcon,
  ChartVerticalIcon,
  ChatIcon,
  CodeIcon,
  CreditCardIcon,
  HomeIcon,
  PersonIcon,
  PlusCircleIcon,
  QuestionCircleIcon,
  SettingsIcon,
  WalletIcon,
} from '@shopify/polaris-icons'

export interface NavigationLink {
  label: string
  to: string
  icon: typeof HomeIcon
}

export const SIDEBAR_LINKS: NavigationLink[] = [
  { label: 'Dashboard', to: '/app/dashboard', icon: HomeIcon },
  { label: 'Conversations', to: '/app/conversations', icon: ChatIcon },
  { label: 'Agents', to: '/app/agents', icon: PersonIcon },
  { label: 'Create Agent', to: '/app/create-agent', icon: PlusCircleIcon },
  { label: 'Usage', to: '/app/usage', icon: ChartVerticalIcon },
  { label: 'Subscribe', to: '/app/payment', icon: CreditCardIcon },
  { label: 'Widget', to: '/app/widget', icon: CodeIcon },
  { label: 'Integrations', to: '/app/integrations', icon: AppsIcon },
  { label: 'User Info', to: '/app/user-info', icon: PersonIcon },
  { label: 'Settings', to: '/app/settings', icon: SettingsIcon },
  { label: 'Help', to: '/app/help', icon: QuestionCircleIcon },
]

export const BOTTOM_BAR_LINKS: NavigationLink[] = [
  { label: 'Home', to: '/app/dashboard', icon: HomeIcon },
  { label: 'Chats', to: '/app/conversations', icon: ChatIcon },
  { label: 'Create', to: '/app/create-agent', icon: PlusCircleIcon },
  { label: 'Usage', to: '/app/usage', icon: ChartVerticalIcon },
  { label: 'Plans', to: '/app/plans', icon: WalletIcon },
]

export const FOOTER_LINKS = [
  { label: 'Help Center', to: '/app/help' },
  { label: 'Settings', to: '/app/settings' },
  { label: 'Plans', to: '/app/plans' },
]
