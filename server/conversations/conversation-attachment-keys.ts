import type { Prisma } from '../db/generated/prisma/client.ts'

/** Where the files attached to these conversations' messages are stored, to delete them with the conversations. */
export async function conversationAttachmentKeys(
  transaction: Prisma.TransactionClient,
  conversationIds: string[],
): Promise<string[]> {
  if (conversationIds.length === 0) return []
  const rows = await transaction.$queryRaw<{ key: string | null }[]>`
    select attachment->>'key' as key
    from messages message, jsonb_array_elements(message.attachments) attachment
    where message.conversation_id = any(${conversationIds}::uuid[]) and jsonb_typeof(message.attachments) = 'array' and message.attachments <> '[]'::jsonb`
  return rows.flatMap((row) => (row.key ? [row.key] : []))
}
