// After creation (SPEC section 2): the embed code for any website and for a Shopify theme, generated
// here from the integration (shared/embed-code.ts), then Create Another Widget.
import { Banner, BlockStack, Button, InlineStack, List, Tabs, Text } from '@shopify/polaris'
import { useEffect, useRef, useState } from 'react'
import { generalWebsiteEmbedCode, SHOPIFY_NOTES, SHOPIFY_STEPS, shopifyEmbedCode } from '#shared/embed-code.ts'
import { EmbedCodeBlock } from './embed-code-block.tsx'
import { useCopyCode } from './use-copy-code.ts'
import type { WidgetIntegration } from './widget.types.ts'

const TABS = [
  { id: 'widget-code-general', content: 'General Website' },
  { id: 'widget-code-shopify', content: 'Shopify Store' },
]

export function WidgetResult({
  integration,
  serverOrigin,
  onCreateAnother,
}: {
  integration: WidgetIntegration
  serverOrigin: string
  onCreateAnother(): void
}) {
  const [selected, setSelected] = useState(0)
  const copy = useCopyCode()
  const announcement = useRef<HTMLDivElement>(null)
  // The form the user was in has gone: move focus to what replaced it.
  useEffect(() => announcement.current?.focus(), [])
  const general = generalWebsiteEmbedCode(serverOrigin, integration.client_key)
  const shopify = shopifyEmbedCode(serverOrigin, integration.client_key)
  return (
    <BlockStack gap="400">
      <div ref={announcement} tabIndex={-1} className="widget-result__announcement">
        <Banner tone="success" title="Integration Created">
          <Text as="p">
            The chat widget for {integration.website_name} ({integration.website_domain}) is ready. Add the code below
            to the website.
          </Text>
        </Banner>
      </div>
      <Tabs tabs={TABS} selected={selected} onSelect={setSelected} fitted>
        <div className="widget-form-panel">
          {selected === 0 ? (
            <BlockStack gap="300">
              <Text as="p">
                Paste this code just before the closing &lt;/body&gt; tag on every page where the chat should appear.
              </Text>
              <EmbedCodeBlock
                label="Embed code for any website"
                code={general}
                onCopy={() => void copy(general, { title: 'General widget code copied to clipboard!' })}
              />
            </BlockStack>
          ) : (
            <BlockStack gap="300">
              <EmbedCodeBlock
                label="Embed code for a Shopify theme"
                code={shopify}
                onCopy={() => void copy(shopify, { title: 'Shopify widget code copied to clipboard!' })}
              />
              <Text as="h3" variant="headingSm">
                Add it to your Shopify store
              </Text>
              <List type="number">
                {SHOPIFY_STEPS.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
              <Banner tone="info" title="Good to know">
                <List>
                  {SHOPIFY_NOTES.map((note) => (
                    <List.Item key={note}>{note}</List.Item>
                  ))}
                </List>
              </Banner>
            </BlockStack>
          )}
        </div>
      </Tabs>
      <InlineStack align="end">
        <Button variant="primary" onClick={onCreateAnother}>
          Create Another Widget
        </Button>
      </InlineStack>
    </BlockStack>
  )
}
