import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { DashboardStatsSchema, EngagementSchema, RecentChatsSchema } from './stats.schemas.ts'

// SPEC section 3 names these fields of the dashboard's figures in camelCase; nothing else may be.
const SPEC_NAMES = [
  'totalAgents',
  'totalConversations',
  'activeConversations',
  'totalMessages',
  'isPositive',
  'lastMessage',
]
const SNAKE_CASE = /^[a-z]+(_[a-z]+)*$/

/** Every field name of the answer, nested objects and arrays' items included. */
function fieldNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodArray) return fieldNames(schema.element as z.ZodType)
  if (schema instanceof z.ZodNullable) return fieldNames(schema.unwrap() as z.ZodType)
  if (!(schema instanceof z.ZodObject)) return []
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => [
    name,
    ...fieldNames(field),
  ])
}

describe('the dashboard figures', () => {
  it.each([
    ['stats', DashboardStatsSchema],
    ['engagement', EngagementSchema],
    ['recent chats', RecentChatsSchema],
  ] as const)('%s answer in snake_case but for the names the SPEC gives', (_name, schema) => {
    const names = fieldNames(schema)
    expect(names.length).toBeGreaterThanOrEqual(3)
    expect(names.filter((name) => !SNAKE_CASE.test(name) && !SPEC_NAMES.includes(name))).toEqual([])
  })

  it('keep every camelCase name the SPEC gives', () => {
    const names = [DashboardStatsSchema, EngagementSchema, RecentChatsSchema].flatMap(fieldNames)
    expect(SPEC_NAMES.filter((name) => !names.includes(name))).toEqual([])
  })
})
