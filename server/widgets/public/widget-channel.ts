import type { Channel } from '../../conversations/channel.ts'
import { widgetBudget } from './widget-budget.ts'

/**
 * The website widget as a channel (server/conversations/channel.ts): its chats spend the integration's
 * tokens a day. It answers through its own door (JSON or Server-Sent Events), and lends no tools.
 */
export const widgetChannel: Channel = { name: 'widget', budget: widgetBudget }
