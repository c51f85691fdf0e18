import type { Conversation, WidgetIntegration } from '../../db/generated/prisma/client.ts'
import type { LiveStateView } from './handoff.schemas.ts'

/** Where a visitor's chat stands, as the widget reads it (LiveStateViewSchema), at `now`. */
export function liveStateOf(
  conversation: Pick<Conversation, 'personName' | 'personRequestedAt'>,
  integration: Pick<WidgetIntegration, 'handoffWaitMinutes' | 'handoffReplyTime'>,
  now = new Date(),
): LiveStateView {
  const requestedAt = conversation.personName ? null : conversation.personRequestedAt
  const waitEnds = requestedAt ? requestedAt.getTime() + integration.handoffWaitMinutes * 60_000 : null
  return {
    person_name: conversation.personName,
    person_requested_at: requestedAt?.toISOString() ?? null,
    wait_seconds_left: waitEnds === null ? null : Math.max(0, Math.ceil((waitEnds - now.getTime()) / 1_000)),
    reply_time: integration.handoffReplyTime,
  }
}
