// SPEC section 1: the figures the landing page quotes, word for word.
export const MARKETING_FIGURES = [
  { value: '95%', label: 'Customer satisfaction' },
  { value: '24/7', label: 'Availability' },
  { value: '60%', label: 'Cost reduction' },
  { value: '1M+', label: 'Conversations' },
] as const
