// The knowledge forms' fields under the server's own rules (server/knowledge/knowledge.schemas.ts).
import { z } from 'zod'
import {
  DocumentFieldsSchema,
  NewTextSchema,
  NewWebsiteSchema,
  UpdateWebsiteSchema,
} from '#server/knowledge/knowledge.schemas.ts'
import { withScheme } from './website-rules.ts'

/** Add Text and Update text: a title and the words. */
export const TextFieldsSchema = NewTextSchema.pick({ text_title: true, text_content: true })

/** Update document: its name and description; the file itself stays. */
export const DocumentTextFieldsSchema = DocumentFieldsSchema.pick({ document_name: true, document_description: true })

/** The website forms as typed: the address may lack its scheme, the page limit is a number box's text. */
const WebsiteFieldsSchema = z.object({
  website_name: z.string(),
  website_url: z.string(),
  crawling: z.boolean(),
  max_pages: z.string(),
})
export type WebsiteFields = z.input<typeof WebsiteFieldsSchema>

/** Add Page: the fields as the API takes them, then the server's NewWebsiteSchema. */
export const NewWebsiteFieldsSchema = WebsiteFieldsSchema.transform((fields): z.input<typeof NewWebsiteSchema> => ({
  website_name: fields.website_name,
  website_url: withScheme(fields.website_url),
  crawling: fields.crawling,
  max_pages: Number(fields.max_pages),
})).pipe(NewWebsiteSchema)

/** What an edit changes of a website (only that is sent: a new name alone does not crawl again). */
export function websiteChanges(fields: WebsiteFields, website: WebsiteLimits) {
  const changes: z.input<typeof UpdateWebsiteSchema> = {}
  if (fields.website_name.trim() !== website.website_name) changes.website_name = fields.website_name
  if (fields.website_url.trim() && withScheme(fields.website_url) !== website.website_url)
    changes.website_url = withScheme(fields.website_url)
  if (fields.crawling !== website.crawling) changes.crawling = fields.crawling
  if (fields.crawling && Number(fields.max_pages) !== (website.max_pages ?? 50))
    changes.max_pages = Number(fields.max_pages)
  return changes
}

interface WebsiteLimits {
  website_name: string
  website_url: string
  crawling: boolean
  max_pages?: number | null
}

/** Update website: what changed, then the server's UpdateWebsiteSchema. */
export const websiteChangesSchema = (website: WebsiteLimits) =>
  WebsiteFieldsSchema.transform((fields) => websiteChanges(fields, website)).pipe(UpdateWebsiteSchema)
