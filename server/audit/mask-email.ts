/** An address as an audit line may show it: its first character and its domain (jane@example.com → j•••@example.com). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '•••'
  return `${email.slice(0, 1)}•••${email.slice(at)}`
}
