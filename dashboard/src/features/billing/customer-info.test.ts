import { describe, expect, it } from 'vitest'
import {
  CUSTOMER_INFO_KEY,
  customerInfoProblem,
  EMPTY_CUSTOMER_INFO,
  readCustomerInfo,
  saveCustomerInfo,
} from './customer-info.ts'

function memory() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
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
