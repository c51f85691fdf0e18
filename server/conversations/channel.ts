// The one way a channel (the website widget, a Shopify storefront, next a messaging app) takes part in an
// answer. The answering core (server/chat/, server/conversations/) defines it and imports no channel: the
// channels implement it in their own folders, and the composition root (server/compose-channels.ts, called
// by server/app-services.ts) registers them by the conversations they carry (channelOf finds one), while a
// channel's door hands the core the one bound to the person asking (visitorChannel). docs/architecture.md,
// "Channels"; docs/decisions/050.
import type { AnswerAid } from '../chat/answering/answer-aid.ts'
import type { Answer } from '../chat/answering/answer-question.ts'
import type { UsagePeriod } from '../billing/billing-period.ts'
import type { Conversation, Prisma } from '../db/generated/prisma/client.ts'
import type { MessageView } from './conversations.schemas.ts'

/** The conversation fields a channel's budget reads. */
type BudgetedConversation = Pick<Conversation, 'accountId' | 'widgetIntegrationId'>

/** A usage counter of the channel's own (its scope and period), counted beside the plan's. */
export interface BudgetCounter {
  scope: string
  period: UsagePeriod
}

/**
 * What a channel allows its conversations beside the plan (the widget's tokens a day). The core counts
 * every answer's tokens, saved or failed, on the counter; the channel's door checks it before a message is
 * admitted (it reads the same counter).
 */
export interface ChannelBudget {
  /** The counter a conversation's answers spend on at this moment; null when the conversation has none. */
  counterOf(conversation: BudgetedConversation, moment: Date): BudgetCounter | null
}

/** What saving an answer tells the channel, inside the answer's transaction. */
interface AnswerToRecord {
  conversationId: string
  answer: Pick<Answer, 'sources' | 'productGids'>
}

/** How an answer reaches the person while it is written: an HTTP door's JSON or Server-Sent Events. */
export interface ChatEvents {
  onUserMessage?(message: MessageView): void
  onToken?(text: string): void
}

/** What a channel adds to the answers in its conversations. Every part is optional: a channel that adds nothing is `{ name }`. */
export interface Channel {
  /** The conversations it carries: their `channel` column. */
  readonly name: string
  /** Pre-answer routing and the model's tools, for the person asking (a channel bound to them lends it). */
  readonly aid?: AnswerAid | undefined
  /** Its allowance beside the plan, spent by every answer in its conversations. */
  readonly budget?: ChannelBudget | undefined
  /** In the answer's transaction: what the channel records of it; answers the products shown as its cards. */
  recordAnswer?(tx: Prisma.TransactionClient, answered: AnswerToRecord): Promise<string[]>
  /**
   * Once the answer is stored: sends it where the person reads it (a messaging app's API). A channel whose
   * door answers the call itself (the widget, the storefront: ChatEvents) has none. A throw is logged, not
   * passed on: the answer stands, and sending it again is the channel's to arrange.
   */
  deliver?(answer: MessageView): Promise<void>
}

/** The registered channels, by the conversations they carry (the composition root's). */
export type Channels = ReadonlyMap<string, Channel>

/** Registers channels by name: the composition root's one list of them. */
export const registerChannels = (channels: Channel[]): Channels =>
  new Map(channels.map((channel) => [channel.name, channel]))

/**
 * The channel a conversation is carried by: the one a door bound to the person asking when it carries this
 * conversation, else the registered one; a conversation no channel registered (the dashboard's) gets none.
 */
export function channelOf(channels: Channels, conversationChannel: string, bound?: Channel | null): Channel {
  if (bound?.name === conversationChannel) return bound
  return channels.get(conversationChannel) ?? { name: conversationChannel }
}
