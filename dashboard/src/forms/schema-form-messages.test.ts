// What the forms show, through the real resolver useSchemaForm uses: the server's messages land on the
// form's own field names (also through a pipe into a server schema), and formProblem picks the one a
// single-message form shows.
import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldErrors } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { NewWebsiteFieldsSchema } from '../features/knowledge/knowledge-fields.schemas.ts'
import { formProblem } from './form-problem.ts'

const resolve = async <Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  values: Input,
) => zodResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false })

describe('the form helper and its messages', () => {
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

  it("shows the first field's message, else the server's", async () => {
    const schema = z.object({
      email: z.string().min(1, { error: 'Email and password are required' }),
      password: z.string().min(1, { error: 'Password too' }),
    })
    const { errors } = await resolve(schema, { email: '', password: '' })
    expect(formProblem(errors)).toBe('Email and password are required')
    // What setError('root', { message }) leaves (react-hook-form's type for root cannot be written literally).
    const serverFailure = { root: { message: 'Invalid email or password.' } } as FieldErrors
    expect(formProblem(serverFailure)).toBe('Invalid email or password.')
    expect(formProblem({})).toBeUndefined()
  })
})
