// The website form's fields through the real resolver useSchemaForm uses: the server's messages land on
// the form's own field names through the pipe into NewWebsiteSchema, and what passes is what the API takes.
import { zodResolver } from '@hookform/resolvers/zod'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { NewWebsiteFieldsSchema } from './knowledge-fields.schemas.ts'

const resolve = async <Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  values: Input,
) => zodResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false })

describe('the Add Page form', () => {
  it("puts the server's website messages on the form's fields, and hands on what the API takes", async () => {
    const refused = await resolve(NewWebsiteFieldsSchema, {
      website_name: 'Help',
      website_url: 'not a url',
      crawling: true,
      max_pages: '5000',
    })
    expect(Object.keys(refused.errors).sort()).toEqual(['max_pages', 'website_url'])
    expect(refused.errors.website_url?.message).toMatch(/./)

    const accepted = await resolve(NewWebsiteFieldsSchema, {
      website_name: ' Help centre ',
      website_url: 'example.com/help',
      crawling: false,
      max_pages: '50',
    })
    expect(accepted.errors).toEqual({})
    expect(accepted.values).toMatchObject({
      website_name: 'Help centre',
      website_url: 'https://example.com/help',
      crawling: false,
      max_pages: 50,
    })
  })
})
