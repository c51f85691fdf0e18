// Website tab (SPEC section 2): the embed snippet with a placeholder id, and the widget's settings.
// Those settings belong to each widget integration, so here they are shown, not changed: the Widget
// page sets them (the original drew working-looking switches that changed nothing).
import { Banner, BlockStack, Button, Card, Checkbox, InlineStack, Select, Text } from '@shopify/polaris'
import { generalWebsiteEmbedCode } from '#shared/embed-code.ts'
import { WIDGET_DEFAULTS } from '#server/widgets/widgets.schemas.ts'
import { EmbedCodeBlock } from '../widgets/embed-code-block.tsx'
import { useCopyCode } from '../widgets/use-copy-code.ts'
import { POSITION_OPTIONS } from '../widgets/widget-form-values.ts'

const BOT_ID_PLACEHOLDER = 'YOUR_BOT_ID'

export function WebsiteEmbedTab({ serverOrigin }: { serverOrigin: string }) {
  const copy = useCopyCode()
  const code = generalWebsiteEmbedCode(serverOrigin, BOT_ID_PLACEHOLDER)
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <EmbedCodeBlock
            label="Embed snippet"
            code={code}
            onCopy={() => void copy(code, { title: 'Copied to clipboard!' })}
          />
          <Text as="p" tone="subdued">
            Replace {BOT_ID_PLACEHOLDER} with the client key of one of your widget integrations, or create one on the
            Widget page and copy its finished code.
          </Text>
          <InlineStack>
            <Button url="/app/widget">Open the Widget page</Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Widget settings
          </Text>
          <Banner tone="info">
            <Text as="p">
              Each widget integration has its own settings. They are shown here with their defaults; set them for a
              widget on the Widget page.
            </Text>
          </Banner>
          <Checkbox label="Auto-open chat" checked={false} disabled helpText="Off by default." />
          <Checkbox label="Custom theme" checked={false} disabled helpText="The primary color is chosen per widget." />
          <Select label="Position" options={POSITION_OPTIONS} value={WIDGET_DEFAULTS.position} disabled />
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              Welcome message
            </Text>
            <InlineStack gap="300" align="space-between" blockAlign="center">
              <Text as="p" tone="subdued">
                {WIDGET_DEFAULTS.startMessage}
              </Text>
              <Button url="/app/widget" accessibilityLabel="Edit the welcome message on the Widget page">
                Edit
              </Button>
            </InlineStack>
          </BlockStack>
        </BlockStack>
      </Card>
    </BlockStack>
  )
}
