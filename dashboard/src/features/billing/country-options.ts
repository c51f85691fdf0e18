// The billing address's country list: the ISO codes the server takes, named in the browser's language.
import { COUNTRY_CODES } from '#server/billing/country-codes.ts'

export function countryOptions(locale?: string): { label: string; value: string }[] {
  const names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' })
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label),
  )
}
