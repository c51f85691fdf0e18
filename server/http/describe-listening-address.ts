// The start-up line's words for where the server listens: the address its socket took (a host name such
// as localhost resolved), and for a wildcard address which addresses that covers, with the URL to open
// on this machine.
import { isIPv6 } from 'node:net'

const EVERY_IPV4 = '0.0.0.0'
const EVERY_ADDRESS = '::'

/** `http://127.0.0.1:3000`, `http://[::1]:3000`, or for 0.0.0.0 and :: what they cover. */
export function describeListeningAddress(address: string, port: number): string {
  if (address === EVERY_IPV4)
    return `listening on port ${port} of every IPv4 address of this machine (0.0.0.0): open http://127.0.0.1:${port} here`
  if (address === EVERY_ADDRESS)
    return `listening on port ${port} of every address of this machine (::, IPv6 and, where the system allows, IPv4): open http://localhost:${port} here`
  return `listening on http://${isIPv6(address) ? `[${address}]` : address}:${port}`
}
