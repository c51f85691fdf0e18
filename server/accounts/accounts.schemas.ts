// The accounts contract: request bodies with the SPEC's messages, and the user as answered. Imports only zod and shared/'s zod-only rules, so the dashboard
// validates its forms with the same schemas.
import { z } from 'zod'
import { emailLinkToken } from '../../shared/email-link-token.schemas.ts'
import { isSingleLine } from '../../shared/text-rules.schemas.ts'
import { TEAM_MESSAGES } from '../teams/teams.schemas.ts'

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
  resetEmailRequired: 'Please enter your email address',
  resetRequested:
    'If an account uses this address, a link to set a new password is on its way. It works once, for 30 minutes.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one.',
  resetDone: 'Your password is set. Sign in with it.',
  emailInUse: 'This email is already in use.',
  emailChangeRequested: 'Open the link we sent to your new address: your sign-in e-mail changes then.',
  emailChanged: 'Email changed successfully!',
  emailLinkInvalid: 'This link has expired or was already used. Ask for a new one from your profile.',
  emailVerified: 'Your e-mail address is confirmed.',
  emailAlreadyVerified: 'Your e-mail address is already confirmed.',
  emailCheckSent: 'A new link is on its way. It works once, for 24 hours.',
  noRealEmail: 'Add an e-mail sign-in first: this account has no address to send to.',
  noEmailChange: 'There is no change of e-mail waiting to be confirmed.',
  emailChangeCancelled: 'The change of e-mail is cancelled: you keep signing in with your current address.',
  signInLinkRequested: 'If an account uses this address, a sign-in link is on its way. It works once, for 15 minutes.',
  signInLinkInvalid: 'This sign-in link has expired or was already used. Ask for a new one.',
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
  { label: 'A symbol', test: (password: string) => /[\p{P}\p{S}]/u.test(password) },
] as const

export function meetsPasswordRules(password: string) {
  return PASSWORD_RULES.every((rule) => rule.test(password))
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

// .invalid is reserved (RFC 2606): no mailbox answers there, and Shopify shop accounts' placeholder
// addresses live under it, so nobody may sign up or move to one.
const looksLikeEmail = (value: string) => z.email().safeParse(value).success && !value.endsWith('.invalid')

/**
 * A required string: anything missing, of the wrong type, blank, oversized or with control characters
 * gives `message`. Names and e-mails are single-line text (shared/text-rules.schemas.ts).
 */
const requiredText = (message: string, maxLength: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(maxLength, { error: message })
    .refine(isSingleLine, { error: message })

// Passwords may hold any printable character; NUL and other control characters are refused, and the
// text is normalised (NFC) so the same password typed on two systems is the same bytes.
const passwordText = (message: string, maxLength = MAX_PASSWORD_LENGTH) =>
  z
    .string({ error: message })
    .min(1, { error: message })
    .max(maxLength, { error: message })
    .refine(isSingleLine, { error: message })
    .transform((value) => value.normalize('NFC'))

const emailField = (requiredMessage: string) =>
  requiredText(requiredMessage, MAX_EMAIL_LENGTH)
    .transform(normalizeEmail)
    .refine(looksLikeEmail, { error: MESSAGES.invalidEmail })

const strongPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .max(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordRules })
    .refine(isSingleLine, { error: MESSAGES.passwordRules })
    .refine(meetsPasswordRules, { error: MESSAGES.passwordRules })
    .transform((value) => value.normalize('NFC'))

// Unknown fields are refused (strict): a typo in a field name should fail loudly, not be ignored.
const body = <Shape extends z.ZodRawShape>(shape: Shape, message: string) => z.strictObject(shape, { error: message })

export const LoginSchema = body(
  {
    email: requiredText(MESSAGES.loginRequired, MAX_EMAIL_LENGTH).transform(normalizeEmail),
    password: passwordText(MESSAGES.loginRequired),
  },
  MESSAGES.loginRequired,
)
export type Login = z.infer<typeof LoginSchema>

export const RegisterSchema = body(
  {
    email: emailField(MESSAGES.registerRequired),
    password: strongPassword(MESSAGES.registerRequired),
    full_name: requiredText(MESSAGES.registerRequired, MAX_NAME_LENGTH),
    // Signing up from a team invitation's page: the link's secret, spent by the sign-up (joins the team).
    invitation_token: emailLinkToken(TEAM_MESSAGES.invitationInvalid).optional(),
  },
  MESSAGES.registerRequired,
)
export type Register = z.infer<typeof RegisterSchema>

export const GoogleLoginSchema = body(
  {
    code: requiredText('Google login failed', 2048),
    // PKCE (RFC 7636): the verifier whose challenge the dashboard sent to Google's consent page.
    code_verifier: z
      .string({ error: 'Google login failed' })
      .regex(/^[A-Za-z0-9._~-]{43,128}$/, { error: 'Google login failed' })
      .optional(),
  },
  'Google login failed',
)

const refreshTokenField = (message: string) => requiredText(message, 512)
export const LogoutSchema = body({ refresh_token: refreshTokenField(MESSAGES.invalidLogout) }, MESSAGES.invalidLogout)
export const RefreshSchema = body(
  { refresh_token: refreshTokenField(MESSAGES.noRefreshToken) },
  MESSAGES.noRefreshToken,
)

// Strict like every body: the dashboard sends only full_name, and the user read back with more is refused.
export const UpdateProfileSchema = body(
  { full_name: requiredText(MESSAGES.fullNameRequired, MAX_NAME_LENGTH) },
  MESSAGES.fullNameRequired,
)
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>

export const ChangePasswordSchema = body(
  {
    // Optional only for accounts that have no password yet (created through Google or Shopify).
    old_password: passwordText(MESSAGES.passwordFieldsRequired).optional(),
    new_password: z
      .string({ error: MESSAGES.passwordFieldsRequired })
      .min(1, { error: MESSAGES.passwordFieldsRequired })
      .min(8, { error: MESSAGES.newPasswordTooShort })
      .max(MAX_PASSWORD_LENGTH, { error: MESSAGES.passwordRules })
      .refine(isSingleLine, { error: MESSAGES.passwordRules })
      .refine(meetsPasswordRules, { error: MESSAGES.passwordRules })
      .transform((value) => value.normalize('NFC')),
  },
  MESSAGES.passwordFieldsRequired,
)
export type ChangePassword = z.infer<typeof ChangePasswordSchema>

export const ChangeEmailSchema = body(
  {
    new_email: emailField(MESSAGES.emailFieldsRequired),
    password: passwordText(MESSAGES.emailFieldsRequired),
  },
  MESSAGES.emailFieldsRequired,
)
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>

export const PasswordResetRequestSchema = body(
  { email: emailField(MESSAGES.resetEmailRequired) },
  MESSAGES.resetEmailRequired,
)

export const PasswordResetConfirmSchema = body(
  {
    token: emailLinkToken(MESSAGES.resetLinkInvalid),
    new_password: strongPassword(MESSAGES.passwordFieldsRequired),
  },
  MESSAGES.passwordFieldsRequired,
)
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>

export const SignInLinkRequestSchema = body(
  { email: emailField(MESSAGES.resetEmailRequired) },
  MESSAGES.resetEmailRequired,
)

export const SignInLinkConfirmSchema = body(
  { token: emailLinkToken(MESSAGES.signInLinkInvalid) },
  MESSAGES.signInLinkInvalid,
)

export const ConfirmEmailSchema = body({ token: emailLinkToken(MESSAGES.emailLinkInvalid) }, MESSAGES.emailLinkInvalid)

export const DeleteAccountSchema = body(
  {
    password: passwordText(MESSAGES.deletePasswordRequired),
  },
  MESSAGES.deletePasswordRequired,
)
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>

/** A user as the API shows it (SPEC section 3: email, full_name, profile_image, date_joined). */
export const UserViewSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  profile_image: z.string().nullable(),
  date_joined: z.string(),
  has_password: z.boolean(),
  has_google: z.boolean(),
  /** Whether someone proved they own `email` (a mailed link, Google). */
  email_verified: z.boolean(),
  /** A new sign-in e-mail asked for, waiting for its link to be opened. */
  pending_email: z.string().nullable(),
})
export type UserView = z.infer<typeof UserViewSchema>

/** POST /accounts/login/, /login/link/confirm/, /register/ and /google-login/: the user, what happened, and the session's tokens. */
export const SignInAnswerSchema = z.strictObject({
  user: UserViewSchema,
  message: z.string(),
  tokens: z.strictObject({ access: z.string(), refresh: z.string(), access_expires_at: z.string() }),
  /** /register/ with an invitation_token: the team the new account joined. */
  team: z.strictObject({ team_id: z.string(), team_name: z.string() }).optional(),
})
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>

/** GET /accounts/google-login/: whether Google sign-in is offered, and where it starts. */
export const GoogleAvailabilitySchema = z.discriminatedUnion('enabled', [
  z.strictObject({ enabled: z.literal(false) }),
  z.strictObject({
    enabled: z.literal(true),
    client_id: z.string(),
    redirect_uri: z.string(),
    scopes: z.array(z.string()),
    authorization_url: z.string(),
  }),
])
export type GoogleAvailability = z.infer<typeof GoogleAvailabilitySchema>

/** GET /accounts/email-setup/: whether this server sends e-mail (smtp) or writes it to its log. */
export const EmailSetupSchema = z.strictObject({ email_delivery: z.enum(['smtp', 'log']) })
