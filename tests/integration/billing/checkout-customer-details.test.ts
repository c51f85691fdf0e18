// Issue 37 item 9: the customer information screen's details travel with the checkout request, are
// checked by a strict schema, and land on the account's Stripe Customer (against the fake Stripe), so
// receipts and the billing portal name the person, company and address the owner gave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../../support/accounts.ts'
import { startStripeTestbed, type StripeTestbed } from '../../support/stripe-testbed.ts'

let bed: StripeTestbed
beforeAll(async () => {
  bed = await startStripeTestbed()
}, 120_000)
afterAll(async () => {
  await bed?.close()
})

const DETAILS = {
  first_name: ' Carla ',
  last_name: 'Card',
  email: 'billing@carla.example',
  phone: '+20 100 555 0199',
  company: 'Carla Cards LLC',
  address: '12 Nile Street',
  city: 'Cairo',
  country: 'eg',
}

/** The Stripe Customer the account's checkout session was made for. */
function customerOf(sessionUrl: string) {
  const sessionId = new URL(sessionUrl).pathname.split('/').pop() as string
  const customerId = String(bed.fake.checkoutSessions.get(sessionId)?.customer)
  return bed.fake.customers.get(customerId)
}

describe('customer details with the checkout', () => {
  it('writes the name, e-mail, phone, company and address on the Stripe Customer before Checkout', async () => {
    const owner = await signUp(bed.testApp, { full_name: 'Carla C.' })
    const started = await bed.checkout(owner, { customer: DETAILS })
    expect(started.status).toBe(200)
    expect(customerOf(started.body.checkout_url as string)).toMatchObject({
      name: 'Carla Card',
      email: 'billing@carla.example',
      phone: '+20 100 555 0199',
      business_name: 'Carla Cards LLC',
      address: { line1: '12 Nile Street', city: 'Cairo', country: 'EG' },
      metadata: { account_id: owner.userId },
    })
  })

  it('without details keeps the account’s name and e-mail on the Customer, and empty optional fields change nothing', async () => {
    const owner = await signUp(bed.testApp, { full_name: 'Dina Debit' })
    const bare = await bed.checkout(owner)
    expect(bare.status).toBe(200)
    expect(customerOf(bare.body.checkout_url as string)).toMatchObject({ name: 'Dina Debit', email: owner.email })
    const named = await bed.checkout(owner, {
      customer: { first_name: 'Dina', last_name: 'Debit', email: 'dina@example.com', phone: '', country: '' },
    })
    expect(named.status).toBe(200)
    const customer = customerOf(named.body.checkout_url as string)
    expect(customer).toMatchObject({ name: 'Dina Debit', email: 'dina@example.com', phone: null, address: null })
  })

  it('refuses details it cannot use with a 400 naming the problem, and nothing reaches Stripe', async () => {
    const owner = await signUp(bed.testApp)
    const requestsBefore = bed.fake.requests.length
    for (const [customer, message] of [
      [{ ...DETAILS, last_name: '  ' }, 'Please fill in all required fields'],
      [{ ...DETAILS, email: 'carla-at-example' }, 'Please enter a valid email address'],
      [{ ...DETAILS, phone: 'call me' }, 'Please enter a valid phone number'],
      [{ ...DETAILS, country: 'Egypt' }, 'Please choose a country from the list'],
      [{ ...DETAILS, country: 'ZZ' }, 'Please choose a country from the list'],
      [{ ...DETAILS, city: 'C'.repeat(101) }, 'City must be at most 100 characters.'],
      [{ ...DETAILS, vat_id: 'EG123' }, 'Unknown field: customer.vat_id.'],
      ['Carla Card', null],
    ] as const) {
      const refused = await bed.checkout(owner, { customer })
      expect(refused.status, JSON.stringify(customer)).toBe(400)
      if (message) expect(JSON.stringify(refused.body)).toContain(message)
    }
    expect(bed.fake.requests.length).toBe(requestsBefore)
  })
})
