// SPEC section 2, Plans: the currency radio; only EGP is selectable (section 9).
import { ChoiceList } from '@shopify/polaris'

export function CurrencyRadio({
  currencies,
  value,
  onChange,
}: {
  currencies: string[]
  value: string
  onChange(currency: string): void
}) {
  return (
    <ChoiceList
      title="Currency"
      choices={currencies.map((currency) => ({ label: currency, value: currency }))}
      selected={[value]}
      onChange={([currency]) => currency && onChange(currency)}
    />
  )
}
