// SPEC section 1: support statements on the help pages, word for word.
export const SUPPORT_PROMISES = [
  {
    figure: '24/7',
    title: 'Support available 24/7',
    text: 'Our support team and the Help Center are there around the clock, every day of the year.',
  },
  {
    figure: '24 h',
    title: 'Response within 24 hours',
    text: 'Every e-mail and support message gets a reply from a person within 24 hours.',
  },
  {
    figure: '3,000+',
    title: 'Connect 3,000+ apps',
    text: 'Zapier, the automation service, connects AgentDesk to 3,000+ apps such as CRMs, e-mail and spreadsheets.',
  },
] as const
