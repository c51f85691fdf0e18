import type { Actor } from '../accounts/actor.ts'
import { requireUser } from '../accounts/require-user.ts'
import type { Database } from '../db/database.ts'
import { ALERT_KINDS, type AlertSettingsView, type UpdateAlertSettings } from './alert-kinds.ts'

const viewOf = (off: string[]): AlertSettingsView => ({
  alerts: ALERT_KINDS.map((kind) => ({ kind, enabled: !off.includes(kind) })),
})

/** The signed-in user's e-mail alert switches. */
export async function readAlertSettings(database: Database, actor: Actor): Promise<AlertSettingsView> {
  return viewOf((await requireUser(database, actor)).emailAlertsOff)
}

/** Switches the named alerts on or off for the signed-in user; answers every switch. */
export async function updateAlertSettings(
  database: Database,
  actor: Actor,
  change: UpdateAlertSettings,
): Promise<AlertSettingsView> {
  const user = await requireUser(database, actor)
  const off = ALERT_KINDS.filter((kind) =>
    change[kind] === undefined ? user.emailAlertsOff.includes(kind) : !change[kind],
  )
  await database.prisma.user.update({ where: { id: user.id }, data: { emailAlertsOff: off } })
  return viewOf(off)
}
