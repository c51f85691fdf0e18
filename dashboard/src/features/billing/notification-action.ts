// Where a notification leads, in words: an upgrade for a plan's refusal or limit, the usage, or the
// conversation a visitor is waiting in.
import type { BillingNotification } from '#server/billing/billing.schemas.ts'

/** The action's label, or null when the notification links nowhere inside the dashboard. */
export function notificationActionLabel(notification: BillingNotification): string | null {
  if (!notification.action_url || !/^\/(?!\/)/.test(notification.action_url)) return null
  if (notification.action_url.startsWith('/app/payment') || notification.action_url.startsWith('/app/plans'))
    return 'Upgrade Plan'
  if (notification.action_url.startsWith('/app/usage')) return 'View Usage'
  if (notification.action_url.startsWith('/app/conversations?conversation=')) return 'Open conversation'
  if (notification.action_url.startsWith('/app/conversations')) return 'Open Conversations'
  return 'View'
}
