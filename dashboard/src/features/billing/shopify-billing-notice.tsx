import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris'

/** A Shopify merchant's plan is billed by Shopify: where it is changed, with the link to the admin. */
export function ShopifyBillingNotice({ adminUrl }: { adminUrl: string }) {
  return (
    <BlockStack gap="200">
      <Text as="p">Your plan is billed by Shopify: choose or change it in your Shopify admin.</Text>
      <InlineStack>
        <Button variant="primary" url={adminUrl} target="_blank">
          Manage in Shopify admin
        </Button>
      </InlineStack>
    </BlockStack>
  )
}
