// Plan alerts by e-mail: the header bell's plan notifications (billing-notifications.ts: usage at 80 % and
// 100 %, a trial ending within 3 days or ended, a plan ended, a failed payment), each e-mailed once to the
// owner. A worker looks every EMAIL_ALERT_CHECK_SECONDS at the accounts where something moved; the
// notification's id (stable while the fact holds, with its period) keeps each e-mail to one per event.
import type { BillingNotification } from '../billing/billing.schemas.ts'
import { billingNotifications } from '../billing/billing-notifications.ts'
import type { BillingServices } from '../billing/read-subscription.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { AlertKind } from './alert-kinds.ts'
import { queueAlert } from './queue-alert.ts'

const DAY_MS = 86_400_000
/** A trial this close to its end is announced (as the bell does), and an end this recent still is. */
const TRIAL_NOTICE_MS = 3 * DAY_MS
const ENDED_LOOKBACK_MS = 2 * DAY_MS

function alertKindOf(notification: BillingNotification): AlertKind | null {
  if (notification.id.startsWith('usage:')) return notification.level === 'critical' ? 'usage_limit' : 'usage_warning'
  if (notification.id.startsWith('trial:ending:')) return 'trial_ending'
  if (notification.id.startsWith('trial:ended:') || notification.id.startsWith('subscription:ended:'))
    return 'trial_ended'
  if (notification.id.startsWith('subscription:past-due:')) return 'payment_failed'
  return null
}

export interface BillingAlertServices extends BillingServices {
  /** Where the e-mails' links point (linkBaseOf). */
  linkBase: string
}

/** Queues the e-mails of what the account's plan says now; answers how many were new. */
async function queueBillingAlerts(services: BillingAlertServices, accountId: string) {
  const { notifications } = await billingNotifications(services, { userId: accountId })
  let queued = 0
  for (const notification of notifications) {
    const kind = alertKindOf(notification)
    if (!kind) continue
    const actionPath = notification.action_url ?? '/app/usage'
    queued += await queueAlert(services.database.prisma, {
      kind,
      accountId,
      eventKey: notification.id,
      title: notification.title,
      message: notification.message,
      actionPath,
      actionLabel: actionPath === '/app/payment' ? 'Choose a plan' : 'Open Usage & Plan',
      linkBase: services.linkBase,
    })
  }
  return queued
}

/**
 * The accounts whose plan may have something new to say: usage counted or something created since
 * `since`, a trial near its end or ended lately, a payment failing.
 */
async function accountsToCheck({ database, plans }: BillingServices, since: Date) {
  const now = plans.now()
  const { prisma } = database
  const select = { accountId: true } as const
  const rows = await Promise.all([
    prisma.usageCounter.findMany({ where: { updatedAt: { gte: since } }, select, distinct: ['accountId'] }),
    prisma.agent.findMany({ where: { createdAt: { gte: since } }, select, distinct: ['accountId'] }),
    prisma.widgetIntegration.findMany({ where: { createdAt: { gte: since } }, select, distinct: ['accountId'] }),
    prisma.teamMember.findMany({ where: { updatedAt: { gte: since } }, select, distinct: ['accountId'] }),
    prisma.subscription.findMany({
      where: {
        OR: [
          { status: 'past_due' },
          {
            currentPeriodEnd: {
              gte: new Date(now.getTime() - ENDED_LOOKBACK_MS),
              lte: new Date(now.getTime() + TRIAL_NOTICE_MS),
            },
          },
        ],
      },
      select,
      distinct: ['accountId'],
    }),
  ])
  return [...new Set(rows.flat().map((row) => row.accountId))]
}

export interface ScheduleBillingAlertsOptions {
  logger: Logger
  intervalMs: number
  /** The first look, this long after the start (1 s); null for none (a test ticks by hand). */
  firstLookMs?: number | null
}

/** The first look after a start goes this far back: what moved while no process was looking is seen. */
const FIRST_LOOK_BACK_MS = DAY_MS

/**
 * Every `intervalMs` (and once at start), e-mails the plan alerts of the accounts where something moved
 * (none in unlimited mode). One account that fails is logged and skipped; the others are still looked at.
 */
export function scheduleBillingAlerts(
  services: BillingAlertServices,
  { logger, intervalMs, firstLookMs = 1_000 }: ScheduleBillingAlertsOptions,
) {
  let lastTick: Date | null = null
  const tick = async () => {
    if (services.plans.mode !== 'enforced') return 0
    // Overlapping windows: an account that moved while the last look ran is looked at again.
    const since = lastTick ? new Date(lastTick.getTime() - intervalMs) : new Date(Date.now() - FIRST_LOOK_BACK_MS)
    lastTick = new Date()
    let queued = 0
    for (const accountId of await accountsToCheck(services, since)) {
      try {
        queued += await queueBillingAlerts(services, accountId)
      } catch (error) {
        logger.warn({ err: error, accountId }, 'plan alerts for an account failed; it is looked at again when it moves')
      }
    }
    return queued
  }
  const look = () =>
    void tick().catch((error: unknown) => logger.warn({ err: error }, 'looking for plan alerts failed'))
  const first = firstLookMs === null ? undefined : setTimeout(look, firstLookMs)
  const timer = setInterval(look, intervalMs)
  first?.unref()
  timer.unref()
  return {
    tick,
    stop: () => {
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
