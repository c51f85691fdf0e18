// The frame of the signed-out account screens (/auth, forgot and reset password): one card, its heading
// and a line under it, then the screen's own content.
import { BlockStack, Card, Text } from '@shopify/polaris'
import type { ReactNode } from 'react'
import './auth.css'

export function AuthScreen({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-screen">
      <div className="auth-card">
        <Card>
          <BlockStack gap="400">
            <BlockStack gap="100">
              <Text as="h1" variant="headingLg">
                {title}
              </Text>
              {subtitle ? (
                <Text as="p" tone="subdued">
                  {subtitle}
                </Text>
              ) : null}
            </BlockStack>
            {children}
          </BlockStack>
        </Card>
      </div>
    </div>
  )
}
