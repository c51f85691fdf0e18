// Signing in and out, and the e-mailed links of SPEC section 4 (docs/api/accounts.md).
import { z } from 'zod'
import {
  ConfirmEmailSchema,
  EmailSetupSchema,
  GoogleAvailabilitySchema,
  GoogleLoginSchema,
  LoginSchema,
  LogoutSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  RegisterSchema,
  SignInAnswerSchema,
  SignInLinkConfirmSchema,
  SignInLinkRequestSchema,
} from '#server/accounts/accounts.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { MessageAnswerSchema } from './plain-schemas.ts'

export const sessionRoutes = {
  signIn: apiRoute({
    method: 'POST',
    path: '/accounts/login/',
    body: LoginSchema,
    answer: SignInAnswerSchema,
    signedIn: false,
  }),
  signUp: apiRoute({
    method: 'POST',
    path: '/accounts/register/',
    body: RegisterSchema,
    answer: SignInAnswerSchema,
    signedIn: false,
  }),
  googleAvailability: apiRoute({
    method: 'GET',
    path: '/accounts/google-login/',
    answer: GoogleAvailabilitySchema,
    signedIn: false,
  }),
  googleSignIn: apiRoute({
    method: 'POST',
    path: '/accounts/google-login/',
    body: GoogleLoginSchema,
    answer: SignInAnswerSchema,
    signedIn: false,
  }),
  askSignInLink: apiRoute({
    method: 'POST',
    path: '/accounts/login/link/',
    body: SignInLinkRequestSchema,
    answer: MessageAnswerSchema,
    signedIn: false,
  }),
  confirmSignInLink: apiRoute({
    method: 'POST',
    path: '/accounts/login/link/confirm/',
    body: SignInLinkConfirmSchema,
    answer: SignInAnswerSchema,
    signedIn: false,
  }),
  signOut: apiRoute({
    method: 'POST',
    path: '/accounts/logout/',
    body: LogoutSchema,
    answer: MessageAnswerSchema,
    signedIn: false,
  }),
  askPasswordReset: apiRoute({
    method: 'POST',
    path: '/accounts/password-reset/',
    body: PasswordResetRequestSchema,
    answer: MessageAnswerSchema,
    signedIn: false,
  }),
  confirmPasswordReset: apiRoute({
    method: 'POST',
    path: '/accounts/password-reset/confirm/',
    body: PasswordResetConfirmSchema,
    answer: MessageAnswerSchema,
    signedIn: false,
  }),
  confirmEmail: apiRoute({
    method: 'POST',
    path: '/accounts/verify-email/',
    body: ConfirmEmailSchema,
    answer: z.object({ message: z.string(), email: z.string() }),
    signedIn: false,
  }),
  emailSetup: apiRoute({ method: 'GET', path: '/accounts/email-setup/', answer: EmailSetupSchema, signedIn: false }),
}
