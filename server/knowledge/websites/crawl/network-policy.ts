import ipaddr from 'ipaddr.js'

export type AllowList = [ipaddr.IPv4 | ipaddr.IPv6, number][]

/** CIDRs (10.0.0.0/8, 127.0.0.1/32, ::1/128) that the crawler may reach although they are not public. */
export function parseAllowList(cidrs: string[]): AllowList {
  return cidrs.map((cidr) => ipaddr.parseCIDR(cidr.includes('/') ? cidr : `${cidr}/${cidr.includes(':') ? 128 : 32}`))
}

/**
 * Public unicast addresses only: loopback, private, link-local (the cloud metadata service at
 * 169.254.169.254 among them), carrier-grade NAT, multicast, reserved and the rest are refused, unless
 * the allow-list names them. IPv4-mapped IPv6 is judged as the IPv4 address it carries.
 */
function parse(address: string) {
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed
}

/** Whether the allow-list names this address. */
export function isAllowListed(address: string, allowList: AllowList): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = parse(address)
  return allowList.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits))
}

export function isAddressAllowed(address: string, allowList: AllowList): boolean {
  if (!ipaddr.isValid(address)) return false
  if (isAllowListed(address, allowList)) return true
  const parsed = parse(address)
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated) can reach IPv4 hosts on some stacks: refused.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false
  return parsed.range() === 'unicast'
}
