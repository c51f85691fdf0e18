// The embedded admin's form actions (app/routes/): what each one accepts, with the same field rules as the
// JSON API's schemas. Imports only zod and the shared rules, so app/ parses these and nothing of its own.
import { z } from 'zod'
import { idField } from '../../../shared/ids.schemas.ts'
import { CreateAgentSchema } from '../../agents/agents.schemas.ts'

/** Widget screen: put this agent on the storefront. */
export const ConnectStorefrontWidgetSchema = z.object({ agent_id: idField('Please select an agent') })

/** Knowledge screen: import the store into an agent, or create the first agent (Create Agent's name rules). */
export const KnowledgeActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('import'), agent_id: idField('Choose an agent') }),
    z.object({ intent: z.literal('create-agent'), name: CreateAgentSchema.shape.name }),
  ],
  { error: 'Unknown action' },
)

/** Plans screen: subscribe to a plan through Shopify Billing, or cancel. */
export const ShopifyPlanChoiceSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('subscribe'),
    plan_id: z.coerce.number({ error: 'Please choose a plan' }).int().positive({ error: 'Please choose a plan' }),
  }),
  z.object({ intent: z.literal('cancel') }),
])
