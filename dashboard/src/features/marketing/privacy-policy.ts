// The privacy policy. It describes what the product really stores (see docs/architecture.md); a
// lawyer should review it before launch.
import type { PolicyDocument } from './policy-document.types.ts'

export const PRIVACY_POLICY: PolicyDocument = {
  eyebrow: 'Legal',
  title: 'Privacy Policy',
  updated: '21 November 2026',
  summary:
    'AgentDesk stores the documents you give your agents and the conversations they have. This page explains what we keep, why, who else handles it, and how you control it.',
  highlights: [
    'We use your data to run the service for you. We never sell it and never use it for advertising.',
    'We do not use your documents or conversations to train AI models.',
    'Deleting an item, an agent or your account deletes the data that belongs to it.',
    'For the conversations your website visitors have with your agents, we act on your behalf and follow your instructions.',
  ],
  sections: [
    {
      id: 'scope',
      heading: 'Who we are and what this policy covers',
      body: [
        'AgentDesk is a service for building AI chat agents trained on your own documents, texts and websites, and for embedding them as chat widgets on your websites and online stores. This policy covers our public website, the AgentDesk dashboard, the chat widget and our support channels.',
        'For your account, billing and support data, AgentDesk decides how the data is used and is responsible for it. For the content you add to your agents and for the conversations your website visitors have with them, we process the data on your behalf: you decide what goes in and what your agents are used for, and we use that data only to provide the service to you.',
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'What we collect',
      body: [
        {
          list: [
            'Account data: your name, e-mail address, password (stored only as an argon2id hash, never in readable form), profile photo, and, if you sign in with Google, your Google account identifier and e-mail address.',
            'Knowledge you add: the documents you upload, the texts you paste, the website pages you ask us to read, and the passages and search indexes we derive from them so your agents can find answers.',
            'Conversations: the messages you and your website visitors send, your agents’ answers and the sources they cite, files visitors attach when you allow attachments, and visitors’ e-mail addresses when you turn on e-mail collection.',
            'Workspace settings: your agents, widget integrations (website name, domain, logo, colours and messages), teams, and the names, e-mail addresses and roles of the team members you add.',
            'Billing data: your plan, subscription dates, usage counts, and the customer information you enter before paying (name, e-mail, phone, company and address). Card details go directly to our payment provider; we never see or store them.',
            'Technical data: IP address, browser type, pages requested, times and request identifiers in our server logs, used to keep the service secure and to investigate errors.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-data',
      heading: 'How we use it',
      body: [
        {
          list: [
            'To provide the service: store your knowledge, index it, answer questions in the dashboard and in your widgets, and show you your conversations, usage and statistics.',
            'To generate answers: when someone asks an agent a question, we send the question, the recent messages of that conversation and the most relevant passages of the agent’s knowledge to our AI model provider, which returns the answer.',
            'To measure usage against your plan’s limits and to bill you.',
            'To keep the service safe: rate limits, abuse prevention, and investigating security incidents and errors.',
            'To support you when you contact us, and to send you service messages about billing, security and changes to our terms or policies.',
          ],
        },
        'We do not sell personal data, we do not use it for advertising, and we do not use your documents or conversations to train AI models, ours or anyone else’s.',
      ],
    },
    {
      id: 'cookies-and-storage',
      heading: 'Cookies and browser storage',
      body: [
        'We use no advertising or tracking cookies. The dashboard keeps your sign-in tokens in your browser’s local storage and uses a security cookie to protect your requests against cross-site forgery. The chat widget keeps a short-lived session in your visitors’ browser storage so that a conversation continues from page to page. Clearing your browser storage signs you out and starts a new widget conversation.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who else handles your data',
      body: [
        'We share data only with the providers that help us run the service, under contracts that limit them to doing so:',
        {
          list: [
            'Hosting, database and file storage providers, which keep the service and your files running.',
            'AI model providers, which receive the questions, conversation context and passages needed to produce each answer.',
            'Our payment provider, which processes your subscription payments.',
            'Google, only if you choose to sign in with your Google account.',
          ],
        },
        'We may also disclose data when the law requires it, to protect the rights and safety of our users or the public, or as part of a merger or sale of our business, in which case this policy continues to apply to your data.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: [
        'We keep your data for as long as your account exists, and you can delete it yourself at any time:',
        {
          list: [
            'Deleting a document, text or website removes it together with the passages and indexes made from it.',
            'Deleting an agent removes its knowledge, its conversations and the files visitors attached to them.',
            'Deleting your account (Profile, Account Deletion) removes your agents, knowledge, conversations, widget integrations, teams and files.',
          ],
        },
        'Copies in our backups are overwritten within 30 days. Server logs are kept for up to 30 days. We keep invoices and payment records for as long as tax and accounting law requires.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      body: [
        'You can see and correct your account data in your profile, and delete your content and your account yourself. You can also ask us for a copy of your data, ask us to correct or delete it, or object to how we use it, by writing to us from the e-mail address of your account. We answer within 30 days. If you believe we handle your data unlawfully, you may also complain to your data protection authority.',
        'If you are a visitor who chatted with an agent on a business’s website, that business decides how your conversation is used: please contact it first. We will help it answer your request.',
      ],
    },
    {
      id: 'your-visitors',
      heading: 'Your responsibilities towards your visitors',
      body: [
        'When you embed an agent on your website, you are responsible for telling your visitors that they are chatting with an AI agent, for describing the chat in your own privacy notice, and for having a lawful basis for any e-mail addresses you collect through the widget. Do not add passwords, payment card numbers, health records or other sensitive data to your agents’ knowledge.',
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      body: [
        'We protect your data with the measures described on our Security page, including hashed passwords, short-lived sign-in tokens, strict access checks on every agent and encrypted connections.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      body: [
        'AgentDesk is a service for businesses and is not meant for children under 16. We do not knowingly collect their personal data.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: [
        'When we change this policy in a way that matters, we will tell you by e-mail or in the dashboard before the change takes effect. The date at the top of this page shows when it last changed.',
      ],
    },
  ],
}
