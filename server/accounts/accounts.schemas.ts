// The accounts contract: request bodies with the SPEC's messages. Imports only zod, so the dashboard
// validates its forms with the same schemas.
import { z } from 'zod'

export const MESSAGES = {
  loginRequired: 'Email and password are required',
  registerRequired: 'All fields are required',
  passwordRules: 'Please meet all password requirements to continue.',
  invalidEmail: 'Please enter a valid email address',
  passwordFieldsRequired: 'Please fill in all password fields',
  newPasswordTooShort: 'New password must be at least 8 characters long',
  emailFieldsRequired: 'Please fill in all fields',
  sameEmail: 'New email cannot be the same as current email',
  deletePasswordRequired: 'Please enter your password to confirm account deletion',
  invalidLogout: 'Invalid logout request',
  noRefreshToken: 'No refresh token available',
  fullNameRequired: 'Please enter your full name',
} as const

// Long enough for any real e-mail or password, short enough that hashing it is no attack.
const MAX_EMAIL_LENGTH = 254
const MAX_PASSWORD_LENGTH = 256
const MAX_NAME_LENGTH = 150

/** The SPEC's sign-up password rules; the dashboard shows the same list as a live checklist. */
export const PASSWORD_RULES = [
  { label: 'At least 8 characters', test: (password: string) => password.length >= 8 },
  { label: 'An uppercase letter', test: (password: string) => /\p{Lu}/u.test(password) },
  { label: 'A lowercase letter', test: (password: string) => /\p{Ll}/u.test(password) },
  { label: 'A number', test: (password: string) => /\p{Nd}/u.test(password) },
  { label: 'A symbol', test: (password: string) => /[^\p{L}\p{Nd}\s]/u.test(password) },
] as const

export function meetsPasswordRules(password: string) {
  return PASSWORD_RULES.every((rule) => rule.test(password))
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

const looksLikeEmail = (value: string) => z.email().safeParse(value).success

/** A required string: anything missing, of the wrong type, blank or oversized gives `message`. */
const requiredText = (message: string, maxLength: number) => z.string({ error: message }).trim().min(1, { error: message }).max(maxLength, { error: message })

const emailField = (requiredMessage: string) =>
  requiredText(requiredMessage, MAX_EMAIL_LENGTH).transform(normalizeEmail).refine(looksLikeEmail, { error: MESSAGES.invalidEmail })

const strongPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .max(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordRules })
    .refine(meetsPasswordRules, { error: MESSAGES.passwordRules })

// Unknown fields are refused (strict): a typo in a field name should fail loudly, not be ignored.
const body = <Shape extends z.ZodRawShape>(shape: Shape, message: string) => z.strictObject(shape, { error: message })

export const LoginSchema = body(
  {
    email: requiredText(MESSAGES.loginRequired, MAX_EMAIL_LENGTH).transform(normalizeEmail),
    password: z.string({ error: MESSAGES.loginRequired }).min(1, { error: MESSAGES.loginRequired }).max(MAX_PASSWORD_LENGTH, { error: MESSAGES.loginRequired }),
  },
  MESSAGES.loginRequired,
)
export type Login = z.infer<typeof LoginSchema>

export const RegisterSchema = body(
  {
    email: emailField(MESSAGES.registerRequired),
    password: strongPassword(MESSAGES.registerRequired),
    full_name: requiredText(MESSAGES.registerRequired, MAX_NAME_LENGTH),
  },
  MESSAGES.registerRequired,
)
export type Register = z.infer<typeof RegisterSchema>

export const GoogleLoginSchema = body({ code: requiredText('Google login failed', 2048) }, 'Google login failed')

const refreshTokenField = (message: string) => requiredText(message, 512)
export const LogoutSchema = body({ refresh_token: refreshTokenField(MESSAGES.invalidLogout) }, MESSAGES.invalidLogout)
export const RefreshSchema = body({ refresh_token: refreshTokenField(MESSAGES.noRefreshToken) }, MESSAGES.noRefreshToken)

export const UpdateProfileSchema = body({ full_name: requiredText(MESSAGES.fullNameRequired, MAX_NAME_LENGTH) }, MESSAGES.fullNameRequired)
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>

export const ChangePasswordSchema = body(
  {
    // Optional only for accounts that have no password yet (created through Google or Shopify).
    old_password: z.string({ error: MESSAGES.passwordFieldsRequired }).max(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordFieldsRequired }).optional(),
    new_password: z
      .string({ error: MESSAGES.passwordFieldsRequired })
      .min(1, { error: MESSAGES.passwordFieldsRequired })
      .min(8, { error: MESSAGES.newPasswordTooShort })
      .max(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordRules })
      .refine(meetsPasswordRules, { error: MESSAGES.passwordRules }),
  },
  MESSAGES.passwordFieldsRequired,
)
export type ChangePassword = z.infer<typeof ChangePasswordSchema>

export const ChangeEmailSchema = body(
  {
    new_email: emailField(MESSAGES.emailFieldsRequired),
    password: z.string({ error: MESSAGES.emailFieldsRequired }).min(1, { error: MESSAGES.emailFieldsRequired }).max(MAX_PASSWORD_LENGTH, { error: MESSAGES.emailFieldsRequired }),
  },
  MESSAGES.emailFieldsRequired,
)
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>

export const DeleteAccountSchema = body(
  {
    password: z.string({ error: MESSAGES.deletePasswordRequired }).min(1, { error: MESSAGES.deletePasswordRequired }).max(MAX_PASSWORD_LENGTH, { error: MESSAGES.deletePasswordRequired }),
  },
  MESSAGES.deletePasswordRequired,
)
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>
