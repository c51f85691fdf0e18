// The terms of service, with the SPEC's commitments (14-day free trial with no card, 30 days notice of
// price changes, refunds as on the refund page). A lawyer should review it before launch.
import type { PolicyDocument } from './policy-document.types.ts'

export const TERMS_OF_SERVICE: PolicyDocument = {
  eyebrow: 'Legal',
  title: 'Terms of Service',
  updated: '21 November 2026',
  summary:
    'The agreement between you and AgentDesk when you use our website, dashboard and chat widgets. Please read it before you sign up.',
  highlights: [
    'You own your content; we use it only to run the service for you.',
    'AI answers can be wrong: review what your agents say, and tell your visitors they are talking to an AI.',
    'Plans are monthly. You can cancel at any time, and price changes come with at least 30 days notice.',
  ],
  sections: [
    {
      id: 'agreement',
      heading: 'The agreement',
      body: [
        'By creating an account or using AgentDesk you agree to these terms, to our Privacy Policy and to our Refund Policy. If you use AgentDesk for a company, you confirm that you may accept these terms on its behalf, and "you" means that company.',
      ],
    },
    {
      id: 'service',
      heading: 'The service',
      body: [
        'AgentDesk lets you build AI chat agents trained on your documents, texts and websites, talk to them in the dashboard, embed them as chat widgets on your websites and online stores, organise teams, and follow your usage. We improve the service continually, so features may change; we will not remove a core feature you pay for without telling you first.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      body: [
        {
          list: [
            'Give accurate information and keep your e-mail address up to date: we use it for billing and security messages.',
            'Keep your password secret and tell us at once if you think someone else has used your account.',
            'You are responsible for what happens in your account, including what the team members you invite do with the access you give them.',
            'You must be at least 18 years old, or the age of majority where you live, to open an account.',
          ],
        },
      ],
    },
    {
      id: 'trial-and-plans',
      heading: 'Free trial, plans and payment',
      body: [
        'New accounts get a 14-day free trial; no card is needed and nothing is charged unless you subscribe. After the trial, continued use needs a paid plan.',
        'Plans are billed monthly in advance, in the currency shown at checkout, through our payment provider. Each plan sets monthly limits on conversations, messages, tokens, widgets, team members and agents. When you reach a limit, you may need to wait for your next billing period or move to a larger plan to use that feature again. Prices exclude taxes unless stated otherwise.',
      ],
    },
    {
      id: 'price-changes',
      heading: 'Price changes',
      body: [
        'We may change our prices. We will tell you at least 30 days before a new price applies to your subscription, and it applies from your first billing period after that notice. If you do not agree, you can cancel before the new price takes effect.',
      ],
    },
    {
      id: 'cancellation',
      heading: 'Cancellation and refunds',
      body: [
        'You can cancel your subscription at any time from Usage & Plan. The cancellation takes effect at the end of the billing period you have paid for, and you keep your plan until then. Refunds are handled as described in our Refund Policy.',
      ],
    },
    {
      id: 'your-content',
      heading: 'Your content',
      body: [
        'You keep all rights to the documents, texts, website content and conversations you bring to AgentDesk. You allow us to store, copy, index and process that content, and to send the needed parts to our AI model providers, only to provide the service to you.',
        'You confirm that you have the right to use the content you upload and that you only ask us to read websites you own or may use in this way.',
      ],
    },
    {
      id: 'ai-answers',
      heading: 'AI answers',
      body: [
        'Your agents’ answers are produced automatically from your content by AI models. They can be incomplete, out of date or wrong, even when they cite a source. You are responsible for checking that your agents answer correctly, for the answers they give your customers, and for telling visitors that they are chatting with an AI. Do not rely on an agent alone for medical, legal, financial or safety-critical advice.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      body: [
        'You must not use AgentDesk to:',
        {
          list: [
            'break the law, infringe other people’s rights, or upload content you have no right to use;',
            'send spam, deceive people, or pretend that an agent is a human being;',
            'collect sensitive personal data through the widget without a lawful basis;',
            'harass, threaten or harm anyone, or spread malware;',
            'probe, overload or break our security, get around plan limits, or access other customers’ data;',
            'copy, resell or reverse-engineer the service, except where the law allows it.',
          ],
        },
        'We may remove content or suspend an account that breaks these rules. Where we can, we will warn you first and give you a chance to fix the problem.',
      ],
    },
    {
      id: 'availability',
      heading: 'Availability and support',
      body: [
        'We run AgentDesk to be available 24/7 and do our best to keep it so, but we cannot promise it will never be interrupted, for instance during maintenance or an outage of a provider. Our support team is available 24/7 and answers within 24 hours.',
      ],
    },
    {
      id: 'termination',
      heading: 'Ending the agreement',
      body: [
        'You can stop using AgentDesk and delete your account at any time. We may end or suspend your access if you seriously or repeatedly break these terms, or if the law requires us to. Once your account is deleted, your content is deleted as described in our Privacy Policy.',
      ],
    },
    {
      id: 'liability',
      heading: 'Warranties and liability',
      body: [
        'Apart from what these terms state, AgentDesk is provided as it is, without other warranties. As far as the law allows, we are not liable for indirect or consequential losses such as lost profits or lost data, and our total liability for any claim is limited to the amount you paid us in the 12 months before it arose. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      body: [
        'We may update these terms. We will tell you about important changes by e-mail or in the dashboard before they take effect. If you keep using AgentDesk after that, the new terms apply; if you do not agree, you can cancel.',
      ],
    },
  ],
}
