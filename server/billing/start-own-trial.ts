import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { startTrial, TRIAL_DAYS } from './start-trial.ts'

const ALREADY_HAD = 'Your account already had its free trial or a plan: choose a plan on the Subscribe page.'
const NO_PLAN = 'No plan can be tried on this server at the moment.'

/**
 * The free trial of an account that signed up through a team invitation and so started none (it came to
 * work on someone else's agents), started when its user wants agents of their own. Once per account:
 * an account that ever had a subscription (a trial included) is refused, and two requests at once start
 * one (the current subscription is unique per account).
 */
export async function startOwnTrial(database: Database, actor: Pick<Actor, 'userId'>) {
  const trial = await database.prisma
    .$transaction(async (tx) => {
      if ((await tx.subscription.count({ where: { accountId: actor.userId } })) > 0)
        throw new AppError('CONFLICT', ALREADY_HAD)
      return startTrial(tx, actor.userId)
    })
    .catch((error: unknown) => {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
        throw new AppError('CONFLICT', ALREADY_HAD)
      throw error
    })
  if (!trial) throw new AppError('CONFLICT', NO_PLAN)
  return {
    message: `Your ${TRIAL_DAYS}-day free trial has started: create agents of your own.`,
    trial_ends_at: trial.currentPeriodEnd.toISOString(),
  }
}
