// An agent's widget integrations (SPEC sections 4 and 7, Widgets; docs/api/widgets.md). Creating and
// editing send a multipart form (the logo travels with it); switching on or off sends JSON.
import { z } from 'zod'
import {
  UpdateIntegrationSchema,
  WidgetIntegrationListSchema,
  WidgetIntegrationViewSchema,
} from '#server/widgets/widgets.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { MessageAnswerSchema } from './plain-schemas.ts'

const integrations = '/agents/:agentId/integrations/frontend'
const ChangedIntegrationSchema = WidgetIntegrationViewSchema.extend({ message: z.string() })

export const widgetRoutes = {
  list: apiRoute({ method: 'GET', path: `${integrations}/`, answer: WidgetIntegrationListSchema }),
  create: apiRoute({ method: 'POST', path: `${integrations}/`, form: true, answer: ChangedIntegrationSchema }),
  update: apiRoute({
    method: 'PUT',
    path: `${integrations}/:integrationId/`,
    form: true,
    answer: ChangedIntegrationSchema,
  }),
  setActive: apiRoute({
    method: 'PUT',
    path: `${integrations}/:integrationId/`,
    body: UpdateIntegrationSchema,
    answer: ChangedIntegrationSchema,
  }),
  delete: apiRoute({ method: 'DELETE', path: `${integrations}/:integrationId/`, answer: MessageAnswerSchema }),
  createIdentitySecret: apiRoute({
    method: 'POST',
    path: `${integrations}/:integrationId/identity-secret/`,
    answer: z.object({ message: z.string(), identity_secret: z.string() }),
  }),
  deleteIdentitySecret: apiRoute({
    method: 'DELETE',
    path: `${integrations}/:integrationId/identity-secret/`,
    answer: MessageAnswerSchema,
  }),
}
