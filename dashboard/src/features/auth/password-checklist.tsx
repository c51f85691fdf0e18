// The live checklist of the sign-up password rules (SPEC section 5), the server's own list.
import { PASSWORD_RULES } from '#server/accounts/accounts.schemas.ts'

export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="password-checklist" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password)
        return (
          <li key={rule.label} className={met ? 'is-met' : undefined}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        )
      })}
    </ul>
  )
}
