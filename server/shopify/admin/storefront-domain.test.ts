import { describe, expect, it } from 'vitest'
import { originAllowed } from '../../widgets/public/request-origin.ts'
import { storefrontDomainOf } from './connect-storefront-widget.ts'

describe('storefrontDomainOf', () => {
  it('names an https storefront by its bare host, which the widget takes on https and 443 only', () => {
    const domain = storefrontDomainOf({ storefrontUrl: 'https://Alpine.example/', shopDomain: 'alpine.myshopify.com' })
    expect(domain).toBe('alpine.example')
    const integration = { websiteDomain: domain, allowSubdomains: false }
    expect(originAllowed(integration, 'https://alpine.example')).toBe(true)
    expect(originAllowed(integration, 'http://alpine.example')).toBe(false)
  })

  it('keeps a storefront’s other scheme and port, so its own pages are still taken', () => {
    const domain = storefrontDomainOf({ storefrontUrl: 'http://127.0.0.1:4100', shopDomain: 'alpine.myshopify.com' })
    expect(domain).toBe('http://127.0.0.1:4100')
    expect(originAllowed({ websiteDomain: domain, allowSubdomains: false }, 'http://127.0.0.1:4100')).toBe(true)
  })

  it('falls back to the myshopify.com address without a usable storefront address', () => {
    expect(storefrontDomainOf({ storefrontUrl: null, shopDomain: 'alpine.myshopify.com' })).toBe('alpine.myshopify.com')
    expect(storefrontDomainOf({ storefrontUrl: 'not a url', shopDomain: 'alpine.myshopify.com' })).toBe(
      'alpine.myshopify.com',
    )
  })
})
