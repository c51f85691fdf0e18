import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { isLive } from './account-standing.ts'

export interface PlanGrant {
  /** The account's e-mail. */
  email: string
  /** The plan's id or name ("Pro 2"). */
  plan: string
  /** When the plan ends. */
  until: Date
  /** When it starts (now by default). */
  from?: Date
}

/**
 * Gives an account a plan without payment (provider manual), for self-hosted and support use: its current
 * subscription ends now and the new one runs to `until`, in monthly billing periods from now. Usage
 * starts afresh with the new period.
 */
export async function setPlan(database: Database, { email, plan: planName, until, from = new Date() }: PlanGrant) {
  const account = await database.prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true },
  })
  if (!account) throw new AppError('NOT_FOUND', `No account has the e-mail ${email}.`)
  const byId = /^\d+$/.test(planName.trim()) ? Number(planName.trim()) : null
  const plan = await database.prisma.plan.findFirst({
    where: byId !== null ? { id: byId } : { name: { equals: planName.trim(), mode: 'insensitive' } },
  })
  if (!plan) throw new AppError('NOT_FOUND', `No plan is called ${planName}.`)
  if (!(until > from)) throw new AppError('BAD_REQUEST', 'The plan must end after it starts.')
  return database.prisma.$transaction(async (tx) => {
    const current = await tx.subscription.findUnique({ where: { currentKey: account.id } })
    if (current) {
      const live = isLive(current, from)
      await tx.subscription.update({
        where: { id: current.id },
        data: {
          currentKey: null,
          status: live ? 'cancelled' : 'expired',
          endedAt: live ? from : current.currentPeriodEnd,
          cancelledAt: live ? from : current.cancelledAt,
        },
      })
    }
    const subscription = await tx.subscription.create({
      data: {
        accountId: account.id,
        planId: plan.id,
        provider: 'manual',
        status: 'active',
        startedAt: from,
        currentPeriodStart: from,
        currentPeriodEnd: until,
        currentKey: account.id,
      },
      include: { plan: true },
    })
    return { account, subscription }
  })
}
