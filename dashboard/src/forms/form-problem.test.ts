// The one message a single-message form shows (sign in, sign up, reset password), from the real resolver.
import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldErrors } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formProblem } from './form-problem.ts'

const resolve = async <Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  values: Input,
) => zodResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false })

describe('formProblem', () => {
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
