import { batchReads } from '../../db/batch-reads.ts'
import type { Database } from '../../db/database.ts'
import { oncePerDatabase } from '../../db/once-per-database.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { IdSchema } from '../../../shared/ids.schemas.ts'
import type { WidgetCaller } from './require-widget-caller.ts'

/** Conversations by id, read together with those asked for meanwhile (batchReads). */
const conversationReaderOf = oncePerDatabase((database) =>
  batchReads<Conversation>({
    maxKeys: 100,
    concurrency: 2,
    readMany: async (ids) =>
      new Map(
        (await database.prisma.conversation.findMany({ where: { id: { in: ids }, isDeleted: false } })).map(
          (conversation) => [conversation.id, conversation],
        ),
      ),
  }),
)

/**
 * One of this visitor's conversations on this integration; any other is a 404, whoever owns it. The
 * visitors writing at the same moment read their conversations in one statement; each is theirs only if
 * its integration and visitor are the caller's.
 */
export async function requireVisitorConversation(
  database: Database,
  caller: WidgetCaller,
  conversationId: string,
): Promise<Conversation> {
  // Checked here too: a malformed id in a shared read would fail every request it carries.
  const conversation = IdSchema.safeParse(conversationId).success
    ? await conversationReaderOf(database)(conversationId.toLowerCase())
    : undefined
  if (
    !conversation ||
    conversation.widgetIntegrationId !== caller.integration.id ||
    conversation.visitorId !== caller.session.visitorId
  )
    throw new AppError('NOT_FOUND', 'Conversation not found')
  return conversation
}
