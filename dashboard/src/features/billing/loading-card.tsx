// A billing read on its way: skeleton lines in a card, named (like Polaris's Spinner) for screen readers.
import { Card, SkeletonBodyText, Text } from '@shopify/polaris'

export function LoadingCard({ label, lines }: { label: string; lines: number }) {
  return (
    <Card>
      <div role="status">
        <Text as="span" visuallyHidden>
          {label}
        </Text>
        <SkeletonBodyText lines={lines} />
      </div>
    </Card>
  )
}
