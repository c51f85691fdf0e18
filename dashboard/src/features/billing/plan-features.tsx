// A plan's feature lines, as the API lists them ("400 conversations a month", …).
import type { Plan } from '#server/billing/billing.schemas.ts'

export function PlanFeatures({ plan }: { plan: Plan }) {
  return (
    <ul className="plan-features" aria-label={`${plan.name} features`}>
      {plan.features.features.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}
