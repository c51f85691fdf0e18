import type { Prisma } from '../db/generated/prisma/client.ts'

/**
 * Where the files visitors attached to an agent's (or an account's) messages are stored, so deleting
 * the agent or the account deletes them too.
 */
export async function attachmentKeysOf(
  transaction: Prisma.TransactionClient,
  scope: { agentId: string } | { accountId: string },
): Promise<string[]> {
  const rows =
    'agentId' in scope
      ? await transaction.$queryRaw<{ key: string | null }[]>`
          select attachment->>'key' as key
          from messages message join conversations conversation on conversation.id = message.conversation_id,
               jsonb_array_elements(message.attachments) attachment
          where conversation.agent_id = ${scope.agentId}::uuid and jsonb_typeof(message.attachments) = 'array' and message.attachments <> '[]'::jsonb`
      : await transaction.$queryRaw<{ key: string | null }[]>`
          select attachment->>'key' as key
          from messages message, jsonb_array_elements(message.attachments) attachment
          where message.account_id = ${scope.accountId}::uuid and jsonb_typeof(message.attachments) = 'array' and message.attachments <> '[]'::jsonb`
  return rows.flatMap((row) => (row.key ? [row.key] : []))
}
