import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { AbandonmentRules, AnsweringProcess } from './answer-attempt.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'
import { laterMessagesWhere } from './later-messages.ts'
import { lockConversation } from './lock-conversation.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import { toMessageView } from './message-view.ts'
import { messageVersionsOf } from './message-versions.ts'
import { previewLatestMessage } from './preview-latest-message.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'
import { requireConversation, requireOwnDashboardConversation } from './require-conversation.ts'
import { releaseAbandoned } from './save-user-message.ts'

export interface SelectMessageVersionOptions {
  actor: Actor
  agentId: string
  conversationId: string
  /** Any version of the question: the one shown or another. */
  messageId: string
  /** The version to show, from 1. */
  version: number
  answering: AbandonmentRules & Pick<AnsweringProcess, 'logger' | 'channels'>
}

/**
 * Shows another version of an edited question, as chat assistants switch between edited branches: the
 * version shown and everything after it are hidden with it, and the chosen version comes back with what
 * followed it when it was replaced (docs/decisions/044-edited-questions-keep-their-versions.md). The same
 * rules as an edit: the actor's own dashboard conversation, never while the agent is answering, the
 * conversation locked while this decides.
 */
export async function selectMessageVersion(
  database: Database,
  { actor, agentId, conversationId, messageId, version, answering }: SelectMessageVersionOptions,
) {
  const { conversation } = await requireConversation(database, { actor, agentId, conversationId, need: 'chat' })
  requireOwnDashboardConversation(actor, conversation)
  const { shown, abandoned } = await database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, conversationId)
    const message = await tx.message.findFirst({ where: { id: messageId, conversationId, senderType: 'user' } })
    if (!message) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.messageNotFound)
    const firstVersionId = message.versionOfId ?? message.id
    const versions = await tx.message.findMany({
      where: { conversationId, OR: [{ id: firstVersionId }, { versionOfId: firstVersionId }] },
    })
    const current = versions.find((each) => !each.isDeleted)
    // A question deleted, or itself on a branch not shown, has no version to switch to.
    if (!current) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.messageNotFound)
    // Every version not shown waits hidden with its own branch (keepQuestionVersion, and below).
    const chosen = versions.find(
      (each) => each.version === version && (each.id === current.id || each.hiddenWithId === each.id),
    )
    if (!chosen) throw new AppError('NOT_FOUND', `This question has no version ${version}.`)
    if (chosen.id === current.id) return { shown: current, abandoned: null }
    const abandoned = await releaseAbandoned(
      tx,
      await refuseWhileAnswering(
        { prisma: tx },
        answering,
        await unansweredUserMessage({ prisma: tx }, conversationId),
      ),
    )
    await tx.message.updateMany({
      where: { OR: [{ id: current.id }, laterMessagesWhere(current)] },
      data: { isDeleted: true, hiddenWithId: current.id },
    })
    await tx.message.updateMany({
      where: { conversationId, hiddenWithId: chosen.id },
      data: { isDeleted: false, hiddenWithId: null },
    })
    await previewLatestMessage(tx, conversationId)
    return { shown: { ...chosen, isDeleted: false, hiddenWithId: null }, abandoned }
  })
  if (abandoned)
    await meterFailedAnswer({ database, logger: answering.logger, channels: answering.channels }, abandoned)
  const versions = await messageVersionsOf(database, [shown])
  return { data: toMessageView(shown, undefined, versions.get(shown.id)) }
}
