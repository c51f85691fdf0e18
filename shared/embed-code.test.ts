import { describe, expect, it } from 'vitest'
import { generalWebsiteEmbedCode, SHOPIFY_STEPS, shopifyEmbedCode } from './embed-code.ts'

describe('embed code', () => {
  it('is one script tag for a general website', () => {
    expect(generalWebsiteEmbedCode('https://chat.example.com/', 'wk_abc')).toBe(
      '<!-- AgentDesk chat widget -->\n<script src="https://chat.example.com/widget/v1/widget.js" data-client-key="wk_abc" async></script>',
    )
  })

  it('carries the debug attribute for Shopify, with five steps', () => {
    expect(shopifyEmbedCode('https://chat.example.com', 'wk_abc')).toContain(
      'data-client-key="wk_abc" data-debug="false" async></script>',
    )
    expect(SHOPIFY_STEPS).toHaveLength(5)
  })

  it('escapes what it puts in attributes', () => {
    expect(generalWebsiteEmbedCode('https://x.example', 'a"><script>alert(1)</script>')).not.toContain(
      '"><script>alert',
    )
  })
})
