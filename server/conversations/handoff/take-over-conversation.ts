import { AppError } from '../../errors/app-error.ts'
import type { AnsweringProcess } from '../answer-attempt.ts'
import { toConversationView } from '../conversation-view.ts'
import { lockConversation } from '../lock-conversation.ts'
import { meterFailedAnswer } from '../meter-failed-answer.ts'
import { toMessageView } from '../message-view.ts'
import { HANDOFF_NOTICES, heldByOther } from './handoff.schemas.ts'
import { interruptAnswerForPerson } from './interrupt-answer-for-person.ts'
import { personNameOf } from './person-name.ts'
import { requireVisitorChat, type RequireVisitorChatOptions } from './require-visitor-chat.ts'
import { writeNotice } from './write-notice.ts'

/**
 * A team member joins a visitor's chat: from now on the agent does not answer there, and the visitor
 * reads "{name} joined the chat". Joining a chat one already holds changes nothing; one another team
 * member holds is refused (they hand it back first). A request for a person is answered by joining. An
 * answer the agent is writing to the visitor stops there, before the notice: kept for the team, not sent.
 */
export async function takeOverConversation(
  answering: Pick<AnsweringProcess, 'database' | 'logger' | 'channels'>,
  options: RequireVisitorChatOptions,
) {
  const { database } = answering
  const { actor } = options
  await requireVisitorChat(database, options)
  const name = personNameOf(actor.fullName)
  const taken = await database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, options.conversationId)
    const current = await tx.conversation.findUniqueOrThrow({ where: { id: options.conversationId } })
    if (current.personName && current.personUserId !== actor.userId)
      throw new AppError('CONFLICT', heldByOther(current.personName))
    if (current.personUserId === actor.userId) {
      const conversation = await tx.conversation.findUniqueOrThrow({
        where: { id: current.id },
        include: { agent: { select: { name: true } } },
      })
      return { conversation: toConversationView(conversation), notice: null, changed: false, interrupted: null }
    }
    const interrupted = await interruptAnswerForPerson(tx, current.id)
    const notice = await writeNotice(tx, current, HANDOFF_NOTICES.joined(name))
    const conversation = await tx.conversation.update({
      where: { id: current.id },
      data: { personUserId: actor.userId, personName: name, personRequestedAt: null },
      include: { agent: { select: { name: true } } },
    })
    return { conversation: toConversationView(conversation), notice: toMessageView(notice), changed: true, interrupted }
  })
  if (taken.interrupted) await meterFailedAnswer(answering, taken.interrupted)
  return taken
}
