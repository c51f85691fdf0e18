// SPEC section 9: large numbers display as K (thousands, no decimals) or M (one decimal).
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '∞'
  if (Math.abs(value) >= 999_500) return `${(value / 1_000_000).toFixed(1)}M`
  if (Math.abs(value) >= 1_000) return `${Math.round(value / 1_000)}K`
  return String(value)
}
