// An empty state in a card: a heading, a sentence and one action (Polaris's EmptyState wants an image).
import { BlockStack, Button, Card, Text } from '@shopify/polaris'
import type { ReactNode } from 'react'

export interface EmptyCardProps {
  heading: string
  children: ReactNode
  action?: { content: string; url?: string; onAction?(): void; loading?: boolean }
}

export function EmptyCard({ heading, children, action }: EmptyCardProps) {
  return (
    <Card>
      <div className="empty-card">
        <BlockStack gap="300" inlineAlign="center">
          <Text as="h2" variant="headingMd" alignment="center">
            {heading}
          </Text>
          <Text as="p" tone="subdued" alignment="center">
            {children}
          </Text>
          {action ? (
            <Button variant="primary" url={action.url} onClick={action.onAction} loading={action.loading}>
              {action.content}
            </Button>
          ) : null}
        </BlockStack>
      </div>
    </Card>
  )
}
