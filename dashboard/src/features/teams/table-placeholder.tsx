// What a table shows instead of rows (loading, empty, failed), at a table's height so nothing jumps.
import { BlockStack, Button, Text } from '@shopify/polaris'
import type { ReactNode } from 'react'

export function TablePlaceholder({ children, retry }: { children: ReactNode; retry?: () => void }) {
  return (
    <div className="team-table-wrap team-table__placeholder" role={retry ? 'alert' : undefined}>
      <BlockStack gap="200" inlineAlign="center">
        {typeof children === 'string' ? (
          <Text as="p" tone="subdued">
            {children}
          </Text>
        ) : (
          <div className="team-table__skeleton">{children}</div>
        )}
        {retry && <Button onClick={retry}>Try Again</Button>}
      </BlockStack>
    </div>
  )
}
