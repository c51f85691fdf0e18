import type { PrismaQueries } from './account-standing.ts'

/** SPEC section 1: a 14-day free trial, no card needed. */
export const TRIAL_DAYS = 14

/**
 * Starts a new account's free trial on the default plan (the catalogue's is_default plan, or the first
 * active one if the operator withdrew it), as its current subscription. Called in the transaction that
 * creates the account, whichever way it signs up (through a team invitation: later, startOwnTrial). With
 * no active plan at all the account starts without a trial rather than not at all (an operator's
 * catalogue must never stop sign-ups).
 */
export async function startTrial(prisma: PrismaQueries, accountId: string, moment = new Date()) {
  const plan = await prisma.plan.findFirst({
    where: { isActive: true },
    orderBy: [{ isDefault: 'desc' }, { sortOrder: 'asc' }, { id: 'asc' }],
    select: { id: true },
  })
  if (!plan) return null
  return prisma.subscription.create({
    data: {
      accountId,
      planId: plan.id,
      provider: 'trial',
      status: 'trialing',
      startedAt: moment,
      currentPeriodStart: moment,
      currentPeriodEnd: new Date(moment.getTime() + TRIAL_DAYS * 86_400_000),
      currentKey: accountId,
    },
  })
}
