// The refund policy with SPEC section 1's figures word for word: refund within 7 days of the first
// subscription, none after 30 days, review 3-5 business days, processing 7-10 business days, price
// changes with 30 days notice.
import type { PolicyDocument } from './policy-document.types.ts'

export const REFUND_POLICY: PolicyDocument = {
  eyebrow: 'Billing',
  title: 'Refund Policy',
  updated: '21 November 2026',
  summary: 'When you can get your money back, how to ask, and how long it takes.',
  highlights: [
    'Full refund within 7 days of your first subscription.',
    'No refunds after 30 days.',
    'We review requests in 3-5 business days; approved refunds are processed in 7-10 business days.',
    'Price changes need 30 days notice.',
  ],
  sections: [
    {
      id: 'first-subscription',
      heading: 'Refund within 7 days of your first subscription',
      body: [
        'If AgentDesk is not right for you, ask for a refund within 7 days of your first subscription payment and we will refund that payment in full, no questions asked. This applies once per customer, to the first paid subscription only.',
      ],
    },
    {
      id: 'later-payments',
      heading: 'Renewals, upgrades and the 30-day limit',
      body: [
        'Monthly renewals and upgrades are not refunded just because you no longer need the service: cancel instead, and you keep your plan until the end of the period you have paid for.',
        'We do refund a payment, in full or in part, when you were charged by mistake (for example twice for the same period) or when the service was unavailable or did not work as described for a significant part of the period you paid for. Ask within 30 days of the payment: there are no refunds after 30 days.',
      ],
    },
    {
      id: 'free-trial',
      heading: 'The free trial',
      body: [
        'The 14-day free trial needs no card and costs nothing, so there is nothing to refund. You are charged only once you choose a plan and subscribe.',
      ],
    },
    {
      id: 'how-to-ask',
      heading: 'How to ask for a refund',
      body: [
        'Write to our support e-mail address, or use Contact Support in the Help Center, from the e-mail address of your account. Tell us your subscription ID (shown on the Usage & Plan page), the payment you want refunded and why.',
      ],
    },
    {
      id: 'timeline',
      heading: 'Review and processing times',
      body: [
        {
          list: [
            'Review: we review every request within 3-5 business days and tell you the outcome by e-mail.',
            'Processing: an approved refund is processed within 7-10 business days, back to the payment method you used.',
            'Your bank or card issuer may need a few more days before the money shows on your statement.',
          ],
        },
        'Refunds are made in the currency you paid in. We cannot refund fees or exchange-rate differences charged by your bank.',
      ],
    },
    {
      id: 'after-refund',
      heading: 'What happens after a refund',
      body: [
        'A refunded subscription ends when the refund is approved. Your account, agents and data stay in place until you delete them; features that need a paid plan stop until you subscribe again.',
      ],
    },
    {
      id: 'price-changes',
      heading: 'Price changes',
      body: [
        'Price changes need 30 days notice: we tell you by e-mail at least 30 days before a new price applies to your subscription. If you do not want to continue at the new price, cancel before it takes effect; a renewal charged at a price we announced this way is not refunded for that reason alone.',
      ],
    },
  ],
}
