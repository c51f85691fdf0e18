import { describe, expect, it } from 'vitest'
import { describeListeningAddress } from './describe-listening-address.ts'

describe('the start-up line', () => {
  it('names the address the socket took, IPv6 in brackets', () => {
    expect(describeListeningAddress('127.0.0.1', 3000)).toBe('listening on http://127.0.0.1:3000')
    expect(describeListeningAddress('192.168.1.20', 8080)).toBe('listening on http://192.168.1.20:8080')
    expect(describeListeningAddress('::1', 3000)).toBe('listening on http://[::1]:3000')
  })

  it('says what a wildcard address covers, and which URL opens the server on this machine', () => {
    expect(describeListeningAddress('0.0.0.0', 3000)).toBe(
      'listening on port 3000 of every IPv4 address of this machine (0.0.0.0): open http://127.0.0.1:3000 here',
    )
    expect(describeListeningAddress('::', 3000)).toBe(
      'listening on port 3000 of every address of this machine (::, IPv6 and, where the system allows, IPv4): open http://localhost:3000 here',
    )
  })
})
