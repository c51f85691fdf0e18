import type { Database } from '../../db/database.ts'
import type { Message } from '../../db/generated/prisma/client.ts'
import { PERSON_JOINED } from '../answer-attempt.ts'

/**
 * The writer of an answer a team member's joining failed (interruptAnswerForPerson, which kept the copy
 * last saved) keeps what it had written by the time it stopped, when that says more, for the team to read.
 * Only that failure is touched: a retry since, or a longer copy, is left as it is.
 */
export async function keepWrittenForTeam(database: Database, message: Message, written: string): Promise<Message> {
  if (written.length <= (message.partialAnswer?.length ?? 0)) return message
  const { count } = await database.prisma.message.updateMany({
    where: { id: message.id, answerError: PERSON_JOINED, answerOwner: null, partialAnswer: message.partialAnswer },
    data: { partialAnswer: written },
  })
  return count === 0 ? message : { ...message, partialAnswer: written }
}
