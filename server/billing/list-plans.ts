import type { PlanCatalogue } from './billing.schemas.ts'
import type { Database } from '../db/database.ts'
import { SELECTABLE_CURRENCIES, toPlanView } from './plan-view.ts'

/** GET /subscriptions/plans/ (public): the active plans, in the operator's order, as the catalogue in the database has them. */
export async function listPlans(database: Database): Promise<PlanCatalogue> {
  const plans = await database.prisma.plan.findMany({
    where: { isActive: true },
    orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
    include: { prices: true },
  })
  return {
    plans: plans.map(toPlanView),
    default_plan_id: plans.find((plan) => plan.isDefault)?.id ?? plans[0]?.id ?? null,
    currencies: SELECTABLE_CURRENCIES,
  }
}
