// The security page: only measures the product really takes (docs/architecture.md and
// docs/decisions/), in words a customer can follow. Update it when those change.
import type { PolicyDocument } from './policy-document.types.ts'

export const SECURITY_OVERVIEW: PolicyDocument = {
  eyebrow: 'Trust',
  title: 'Security',
  updated: '21 November 2026',
  summary:
    'Your agents hold your documents and your customers’ conversations. Here is how we protect them, and how you can help.',
  highlights: [
    'Passwords are stored only as argon2id hashes; sign-in sessions are short-lived and can be ended at once.',
    'Every request for an agent’s data checks that you own the agent or belong to a team it is assigned to.',
    'The chat widget only works on the website domains you register, with sessions bound to each visitor.',
  ],
  sections: [
    {
      id: 'accounts',
      heading: 'Sign-in and sessions',
      body: [
        {
          list: [
            'Passwords must have at least 8 characters with upper- and lower-case letters, a digit and a symbol, and are stored only as argon2id hashes.',
            'Where Google sign-in is offered, it is verified against Google’s published keys, and accounts are linked only through verified e-mail addresses.',
            'You stay signed in with a short-lived access token and a refresh token that changes every time it is used. We store refresh tokens only as hashes, and if an old one is ever reused, the whole session is closed.',
            'Signing out, changing your password and deleting your account end your sessions immediately.',
            'Sign-in, sign-up and session renewal are rate-limited per address, and repeated failed sign-ins are slowed down per account.',
          ],
        },
      ],
    },
    {
      id: 'access',
      heading: 'Access to your data',
      body: [
        'Every record belongs to an account, and every operation on an agent checks the caller’s rights first: the owner may do everything, and team members only what their role allows on the agents assigned to their team. An agent you may not see answers as if it did not exist. An automated test checks every agent route against these rules, so a new feature cannot skip them.',
      ],
    },
    {
      id: 'browser',
      heading: 'In your browser',
      body: [
        {
          list: [
            'A strict Content Security Policy lets the dashboard run only scripts served by AgentDesk itself.',
            'Requests that rely on cookies must carry a signed anti-forgery token, which protects you from cross-site request forgery.',
            'The dashboard cannot be framed by other websites, which prevents click-jacking.',
            'Connections are encrypted with HTTPS, and browsers are told to use nothing else.',
          ],
        },
      ],
    },
    {
      id: 'widget',
      heading: 'The chat widget',
      body: [
        'The widget runs in its own isolated part of your page, so your site’s styles and scripts cannot change it. Each chat session is bound to the widget integration, to your website’s domain and to the visitor, with short-lived tokens; a page on another domain cannot use your widget. Visitors’ messages are rate-limited and each integration has a daily usage budget, so a misbehaving visitor cannot use up your plan. Attachments are accepted only when you turn them on.',
      ],
    },
    {
      id: 'knowledge',
      heading: 'Your documents and websites',
      body: [
        {
          list: [
            'Uploads are limited to PDF, Word, text, CSV and JSON files of up to 50 MB.',
            'Files are stored apart from the database and are only served after an access check, or through download links that expire.',
            'Our website reader refuses addresses inside private networks, including after redirects, and respects robots.txt.',
            'Passages from your documents are handed to the AI model as quoted data, not as instructions, which makes it harder for text hidden in a document or web page to take over your agent.',
          ],
        },
      ],
    },
    {
      id: 'operations',
      heading: 'How we run the service',
      body: [
        'Errors are recorded with a request identifier and never show internal details to the browser. Secrets are removed from our logs. Signing keys are generated per installation and kept out of the code. Every change runs through automated type checks, linting and tests before it is released.',
      ],
    },
    {
      id: 'your-part',
      heading: 'What you can do',
      body: [
        {
          list: [
            'Use a unique, strong password, and keep your e-mail account secure.',
            'Give team members the smallest role they need (viewer, member or admin) and remove people who leave.',
            'Register only your own domains for widget integrations and delete integrations you no longer use.',
            'Keep passwords, card numbers and other sensitive data out of your agents’ knowledge.',
          ],
        },
      ],
    },
    {
      id: 'report',
      heading: 'Reporting a vulnerability',
      body: [
        'If you believe you have found a security problem, please write to our support e-mail address with "Security" in the subject and enough detail for us to reproduce it. We acknowledge reports within 24 hours, keep you informed while we fix the problem, and ask that you give us reasonable time to do so before making it public. Please do not access other people’s data or disrupt the service while testing.',
      ],
    },
  ],
}
