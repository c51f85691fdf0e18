// The embedded "sign in to the dashboard too" form: the same e-mail and password rules as sign-up.
import type { z } from 'zod'
import { RegisterSchema } from '../../accounts/accounts.schemas.ts'

export const AddEmailSignInSchema = RegisterSchema.pick({ email: true, password: true })
export type AddEmailSignIn = z.infer<typeof AddEmailSignInSchema>
