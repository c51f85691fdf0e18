import { describe, expect, it } from 'vitest'
import { isAddressAllowed, parseAllowList } from './network-policy.ts'

describe('the crawler network policy', () => {
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(isAddressAllowed(address, [])).toBe(true)
  })

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    'fc00::1',
    'fe80::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::7f00:1',
    '::a00:1',
    '::ffff:10.0.0.1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isAddressAllowed(address, [])).toBe(false)
  })

  it('an allow-list opens exactly the networks it names', () => {
    const allowList = parseAllowList(['127.0.0.1/32', '10.0.0.0/8'])
    expect(isAddressAllowed('127.0.0.1', allowList)).toBe(true)
    expect(isAddressAllowed('10.200.0.1', allowList)).toBe(true)
    expect(isAddressAllowed('127.0.0.2', allowList)).toBe(false)
    expect(isAddressAllowed('169.254.169.254', allowList)).toBe(false)
  })
})
