// A code block with its Copy Code button; the code is text, never markup.
import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris'
import { ClipboardIcon } from '@shopify/polaris-icons'
import { useId } from 'react'
import './embed-code-block.css'

export function EmbedCodeBlock({ label, code, onCopy }: { label: string; code: string; onCopy(): void }) {
  const id = useId()
  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h3" variant="headingSm" id={id}>
          {label}
        </Text>
        <Button icon={ClipboardIcon} onClick={onCopy}>
          Copy Code
        </Button>
      </InlineStack>
      <pre className="embed-code" aria-labelledby={id} tabIndex={0} data-testid="embed-code">
        <code>{code}</code>
      </pre>
    </BlockStack>
  )
}
