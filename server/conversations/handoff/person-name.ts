/** The name a team member goes by in a visitor's chat: their first name, never their e-mail. */
export function personNameOf(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? ''
  return first.slice(0, 40) || 'A team member'
}
