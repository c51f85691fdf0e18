import type { Prisma } from '../db/generated/prisma/client.ts'

/**
 * Locks a conversation's row to the end of the transaction. Whatever decides what becomes of its last
 * user message (a new message, a retry, failing an abandoned answer) takes it first, so two never
 * decide at once: a failure landing mid-decision could otherwise turn a resend into a duplicate message.
 */
export async function lockConversation(tx: Prisma.TransactionClient, conversationId: string): Promise<void> {
  await tx.$queryRaw`select id from conversations where id = ${conversationId}::uuid for update`
}
