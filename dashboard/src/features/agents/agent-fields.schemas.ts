// The Create Agent and Edit Agent forms' fields, under the server's own rules for a name and a description.
import { z } from 'zod'
import { CreateAgentSchema } from '#server/agents/agents.schemas.ts'

export const AgentTextFieldsSchema = z.object({
  name: CreateAgentSchema.shape.name,
  description: CreateAgentSchema.shape.description.unwrap(),
})

export const AgentFieldsSchema = AgentTextFieldsSchema.extend({
  visibility: z.enum(['private', 'public']),
  is_active: z.boolean(),
  auto_embed: z.boolean(),
})
