import { describe, expect, it } from 'vitest'
import type { SessionUser } from '../../session/session-check.ts'
import {
  CUSTOMER_INFO_KEY,
  customerInfoProblem,
  EMPTY_CUSTOMER_INFO,
  forgetCustomerInfo,
  initialCustomerInfo,
  readCustomerInfo,
  saveCustomerInfo,
} from './customer-info.ts'

function memory() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  }
}

describe('customer information', () => {
  it('needs a first name, a last name and an e-mail that looks like one', () => {
    expect(
      customerInfoProblem({ ...EMPTY_CUSTOMER_INFO, firstName: 'Ada', lastName: '  ', email: 'ada@example.com' }),
    ).toBe('Please fill in all required fields')
    expect(
      customerInfoProblem({ ...EMPTY_CUSTOMER_INFO, firstName: 'Ada', lastName: 'King', email: 'ada-at-example' }),
    ).toBe('Please enter a valid email address')
    expect(
      customerInfoProblem({ ...EMPTY_CUSTOMER_INFO, firstName: 'Ada', lastName: 'King', email: 'ada@example.com' }),
    ).toBeNull()
  })

  it('keeps the trimmed form under customerInfo and reads back only complete information', () => {
    const storage = memory()
    expect(readCustomerInfo(storage)).toBeNull()
    saveCustomerInfo(storage, {
      ...EMPTY_CUSTOMER_INFO,
      firstName: ' Ada ',
      lastName: 'King',
      email: 'ada@example.com',
      city: 'Cairo',
    })
    expect(JSON.parse(storage.getItem(CUSTOMER_INFO_KEY) ?? '')).toMatchObject({
      firstName: 'Ada',
      city: 'Cairo',
      phone: '',
    })
    expect(readCustomerInfo(storage)).toMatchObject({ firstName: 'Ada', lastName: 'King' })
    storage.setItem(CUSTOMER_INFO_KEY, '{not json')
    expect(readCustomerInfo(storage)).toBeNull()
    storage.setItem(CUSTOMER_INFO_KEY, JSON.stringify({ firstName: 'Ada' }))
    expect(readCustomerInfo(storage)).toBeNull()
  })
})

describe('customer information from the account', () => {
  const user = { full_name: 'Ada  Lovelace King', email: 'ada@example.com' } as SessionUser

  it('starts from the account’s name and e-mail, or from what this tab kept', () => {
    expect(initialCustomerInfo(null, user)).toEqual({
      ...EMPTY_CUSTOMER_INFO,
      firstName: 'Ada',
      lastName: 'Lovelace King',
      email: 'ada@example.com',
    })
    const kept = { ...EMPTY_CUSTOMER_INFO, firstName: 'A', lastName: 'K', email: 'a@example.com', city: 'Cairo' }
    expect(initialCustomerInfo(kept, user)).toBe(kept)
    expect(initialCustomerInfo(null, null)).toEqual(EMPTY_CUSTOMER_INFO)
  })

  it('checks the phone and the country as the server does, and forgets what it kept', () => {
    const complete = { ...EMPTY_CUSTOMER_INFO, firstName: 'Ada', lastName: 'King', email: 'ada@example.com' }
    expect(customerInfoProblem({ ...complete, phone: 'call me' })).toBe('Please enter a valid phone number')
    expect(customerInfoProblem({ ...complete, country: 'Egypt' })).toBe('Please choose a country from the list')
    expect(customerInfoProblem({ ...complete, phone: '+20 (100) 555-0199', country: 'EG' })).toBeNull()
    const storage = memory()
    saveCustomerInfo(storage, complete)
    expect(readCustomerInfo(storage)).toEqual(complete)
    forgetCustomerInfo(storage)
    expect(readCustomerInfo(storage)).toBeNull()
  })
})
