// Customer information before payment (SPEC sections 3 and 5): first name, last name and e-mail required,
// the e-mail shaped like one; checked by the server's own schema (the checkout sends it, and the Stripe
// customer takes it). Kept under customerInfo only in this tab's session storage, and only until the
// payment is confirmed or the user signs out: personal details do not outlive their use in the browser.
import type { SessionUser } from '../../session/session-check.ts'
import { CheckoutCustomerSchema, type CheckoutCustomer } from '#server/billing/billing.schemas.ts'

import { CUSTOMER_INFO_KEY } from '../../session/customer-info-storage.ts'

export { CUSTOMER_INFO_KEY, forgetCustomerInfo } from '../../session/customer-info-storage.ts'

export interface CustomerInfo {
  firstName: string
  lastName: string
  email: string
  phone: string
  company: string
  address: string
  city: string
  /** An ISO 3166-1 alpha-2 code ("EG"), or empty. */
  country: string
}

export const EMPTY_CUSTOMER_INFO: CustomerInfo = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  address: '',
  city: '',
  country: '',
}

export const CUSTOMER_INFO_MESSAGES = {
  required: 'Please fill in all required fields',
  email: 'Please enter a valid email address',
  saved: 'Information saved successfully.',
  failed: 'Failed to save information. Please try again.',
}

export const isMissing = (info: CustomerInfo, field: 'firstName' | 'lastName' | 'email') => !info[field].trim()

/** The form as the checkout request carries it (docs/api/billing.md). */
export const toCheckoutCustomer = (info: CustomerInfo): CheckoutCustomer => ({
  first_name: info.firstName,
  last_name: info.lastName,
  email: info.email,
  phone: info.phone,
  company: info.company,
  address: info.address,
  city: info.city,
  country: info.country,
})

/** The first problem with the form in the server's words, or null when it can be sent. */
export function customerInfoProblem(info: CustomerInfo): string | null {
  const parsed = CheckoutCustomerSchema.safeParse(toCheckoutCustomer(info))
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? CUSTOMER_INFO_MESSAGES.required)
}

const trimmed = (info: CustomerInfo): CustomerInfo =>
  Object.fromEntries(Object.entries(info).map(([key, value]) => [key, value.trim()])) as unknown as CustomerInfo

export function saveCustomerInfo(storage: Pick<Storage, 'setItem'>, info: CustomerInfo): void {
  storage.setItem(CUSTOMER_INFO_KEY, JSON.stringify(trimmed(info)))
}

/** The stored information when it is complete and valid; null otherwise (never stored, or unreadable). */
export function readCustomerInfo(storage: Pick<Storage, 'getItem'>): CustomerInfo | null {
  try {
    const stored = JSON.parse(storage.getItem(CUSTOMER_INFO_KEY) ?? 'null') as Partial<
      Record<keyof CustomerInfo, unknown>
    > | null
    if (!stored || typeof stored !== 'object') return null
    const info = Object.fromEntries(
      Object.keys(EMPTY_CUSTOMER_INFO).map((key) => [
        key,
        typeof stored[key as keyof CustomerInfo] === 'string' ? stored[key as keyof CustomerInfo] : '',
      ]),
    ) as unknown as CustomerInfo
    return customerInfoProblem(info) ? null : info
  } catch {
    return null
  }
}

/** The form to start from: what this tab kept, else the signed-in account's name and e-mail. */
export function initialCustomerInfo(kept: CustomerInfo | null, user: SessionUser | null): CustomerInfo {
  if (kept) return kept
  if (!user) return EMPTY_CUSTOMER_INFO
  const [firstName = '', ...rest] = user.full_name.trim().split(/\s+/)
  return { ...EMPTY_CUSTOMER_INFO, firstName, lastName: rest.join(' '), email: user.email }
}
