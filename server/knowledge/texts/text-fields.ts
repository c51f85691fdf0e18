import type { Prisma } from '../../db/generated/prisma/client.ts'
import type { NewText } from '../knowledge.schemas.ts'

/** A new text's own fields as the API's create call names them (text_title, text_content, …). */
export function textFieldsOf(text: NewText) {
  return {
    title: text.text_title,
    content: text.text_content,
    description: text.text_description ?? null,
    tags: (text.text_tags ?? []) as Prisma.JsonArray,
    metaData: (text.meta_data ?? {}) as Prisma.JsonObject,
  }
}
