// SPEC section 9: large numbers display as K (thousands, no decimals) or M (one decimal). A short form is
// used only where it is exact: a limit of 3,500 is never "4K" (a promise the plan does not keep), nor a
// count of 1,250,000 "1.3M"; anything else is the exact figure with thousands separators.
const exactly = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '∞'
  const size = Math.abs(value)
  if (size >= 1_000_000 && Number.isInteger(value / 100_000)) return `${(value / 1_000_000).toFixed(1)}M`
  if (size >= 1_000 && size < 1_000_000 && Number.isInteger(value / 1_000)) return `${value / 1_000}K`
  return exactly.format(value)
}
