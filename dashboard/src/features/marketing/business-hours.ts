// SPEC section 1: business hours on the contact page, Sun-Thu 9-6, Sat 10-4, Fri closed (UTC+03).
export const BUSINESS_HOURS = [
  { days: 'Sun-Thu', hours: '9:00 AM - 6:00 PM' },
  { days: 'Sat', hours: '10:00 AM - 4:00 PM' },
  { days: 'Fri', hours: 'Closed' },
] as const

export const BUSINESS_TIME_ZONE = 'UTC+03'
