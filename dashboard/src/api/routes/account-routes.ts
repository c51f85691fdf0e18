// One's own account (SPEC section 7, Accounts; docs/api/accounts.md): the profile, its e-mail and
// password, alerts, erasing a visitor, API keys.
import { z } from 'zod'
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  UpdateProfileSchema,
  UserViewSchema,
} from '#server/accounts/accounts.schemas.ts'
import { ApiKeyListSchema, CreatedApiKeySchema, NewApiKeySchema } from '#server/accounts/api-keys/api-keys.schemas.ts'
import { AlertSettingsViewSchema, UpdateAlertSettingsSchema } from '#server/alerts/alert-kinds.ts'
import { EraseVisitorSchema, VisitorErasureSchema } from '#server/leads/erasure.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { EmptyBodySchema, MessageAnswerSchema } from './plain-schemas.ts'

export const accountRoutes = {
  profile: apiRoute({ method: 'GET', path: '/accounts/profile/', answer: UserViewSchema }),
  updateProfile: apiRoute({
    method: 'PUT',
    path: '/accounts/profile/',
    body: UpdateProfileSchema,
    answer: UserViewSchema,
  }),
  uploadProfileImage: apiRoute({
    method: 'POST',
    path: '/accounts/profile/image/',
    form: true,
    answer: z.object({ message: z.string(), profile_image: z.string().nullable() }),
  }),
  changePassword: apiRoute({
    method: 'PUT',
    path: '/accounts/change-password/',
    body: ChangePasswordSchema,
    answer: MessageAnswerSchema,
  }),
  changeEmail: apiRoute({
    method: 'PUT',
    path: '/accounts/change-email/',
    body: ChangeEmailSchema,
    answer: MessageAnswerSchema,
  }),
  cancelEmailChange: apiRoute({
    method: 'POST',
    path: '/accounts/change-email/cancel/',
    body: EmptyBodySchema,
    answer: MessageAnswerSchema,
  }),
  resendEmailCheck: apiRoute({
    method: 'POST',
    path: '/accounts/verify-email/resend/',
    body: EmptyBodySchema,
    answer: z.object({ message: z.string(), email: z.string() }),
  }),
  deleteAccount: apiRoute({
    method: 'POST',
    path: '/accounts/profile/delete/',
    body: DeleteAccountSchema,
    answer: MessageAnswerSchema,
  }),
  emailAlerts: apiRoute({ method: 'GET', path: '/accounts/email-alerts/', answer: AlertSettingsViewSchema }),
  updateEmailAlerts: apiRoute({
    method: 'PUT',
    path: '/accounts/email-alerts/',
    body: UpdateAlertSettingsSchema,
    answer: AlertSettingsViewSchema.extend({ message: z.string() }),
  }),
  eraseVisitor: apiRoute({
    method: 'POST',
    path: '/accounts/erase-visitor/',
    body: EraseVisitorSchema,
    answer: VisitorErasureSchema,
  }),
  apiKeys: apiRoute({ method: 'GET', path: '/accounts/api-keys/', answer: ApiKeyListSchema }),
  createApiKey: apiRoute({
    method: 'POST',
    path: '/accounts/api-keys/',
    body: NewApiKeySchema,
    answer: CreatedApiKeySchema,
  }),
  deleteApiKey: apiRoute({ method: 'DELETE', path: '/accounts/api-keys/:keyId/', answer: MessageAnswerSchema }),
}
