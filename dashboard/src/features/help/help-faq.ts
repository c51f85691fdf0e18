// SPEC section 2, Help center: the five questions of the FAQ tab. Each answer may point to the screen
// it talks about.
export interface FaqEntry {
  id: string
  question: string
  answer: string
  link?: { label: string; to: string }
}

export const HELP_FAQ: FaqEntry[] = [
  {
    id: 'create-chatbot',
    question: 'How do I create a chatbot?',
    answer:
      'Open Create Agent, give your agent a name and, if you like, a description, then press Create Agent. Next, open the agent from Agents and add documents, texts or website pages so it can answer from them.',
    link: { label: 'Go to Create Agent', to: '/app/create-agent' },
  },
  {
    id: 'website-integration',
    question: 'How do I integrate the chatbot with my website?',
    answer:
      'Open Integrations and configure the Website Widget: choose the agent, enter your website name and domain, and create the integration. Copy the embed code it gives you and paste it into your website just before the closing </body> tag.',
    link: { label: 'Go to Integrations', to: '/app/integrations' },
  },
  {
    id: 'team-members',
    question: 'How can I add team members?',
    answer:
      'Go to Settings > Teams > Add Member. Choose the team, enter the person’s name and e-mail address, and pick a role: member, admin or viewer. Assign agents to the team to give its members access to them.',
    link: { label: 'Go to Settings', to: '/app/settings' },
  },
  {
    id: 'plans',
    question: 'What plans do you offer?',
    answer:
      'We offer three plans: Starter, Professional and Enterprise. Each is billed monthly and sets limits on conversations, tokens, agents, widgets and team members. Compare them on the Plans page and change plan at any time.',
    link: { label: 'See the plans', to: '/app/plans' },
  },
  {
    id: 'performance',
    question: 'How can I track my chatbot’s performance?',
    answer:
      'Open Usage to see the conversations, tokens and agents you have used against your plan’s limits. The Dashboard adds conversation and message totals with their trends.',
    link: { label: 'Go to Usage', to: '/app/usage' },
  },
]
