// Customer information before payment (SPEC sections 3 and 5): kept in this browser under customerInfo;
// first name, last name and e-mail required, the e-mail shaped like one.

export const CUSTOMER_INFO_KEY = 'customerInfo'

export interface CustomerInfo {
  firstName: string
  lastName: string
  email: string
  phone: string
  company: string
  address: string
  city: string
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

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isMissing = (info: CustomerInfo, field: 'firstName' | 'lastName' | 'email') => !info[field].trim()

/** The first problem with the form, or null when it can be saved. */
export function customerInfoProblem(info: CustomerInfo): string | null {
  if (isMissing(info, 'firstName') || isMissing(info, 'lastName') || isMissing(info, 'email'))
    return CUSTOMER_INFO_MESSAGES.required
  if (!EMAIL_SHAPE.test(info.email.trim())) return CUSTOMER_INFO_MESSAGES.email
  return null
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
