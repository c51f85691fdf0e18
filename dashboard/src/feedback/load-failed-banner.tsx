// A read that failed: what failed, the server's reason, and Try Again.
import { Banner, BlockStack, Button, Text } from '@shopify/polaris'

export function LoadFailedBanner({ title, error, onRetry }: { title: string; error: Error; onRetry(): void }) {
  return (
    <Banner tone="critical" title={title}>
      <BlockStack gap="200">
        <Text as="p">{error.message}</Text>
        <div>
          <Button onClick={onRetry}>Try Again</Button>
        </div>
      </BlockStack>
    </Banner>
  )
}
