// SPEC section 2, Payment: the currency toggle; only EGP is selectable (section 9).
import { Button, ButtonGroup, InlineStack, Text } from '@shopify/polaris'

export function CurrencyToggle({
  currencies,
  value,
  onChange,
}: {
  currencies: string[]
  value: string
  onChange(currency: string): void
}) {
  return (
    <InlineStack gap="200" blockAlign="center">
      <Text as="span" tone="subdued">
        Currency
      </Text>
      <ButtonGroup variant="segmented">
        {currencies.map((currency) => (
          <Button key={currency} pressed={currency === value} onClick={() => onChange(currency)}>
            {currency}
          </Button>
        ))}
      </ButtonGroup>
    </InlineStack>
  )
}
