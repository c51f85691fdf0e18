// @database-specific: concurrent counts race on one row
import { expect, it } from 'vitest'
import { readUsage } from '../../../server/usage/read-usage.ts'
import { recordUsage } from '../../../server/usage/record-usage.ts'
import { calendarMonthOf } from '../../../server/billing/billing-period.ts'
import { usagePeriodOf } from '../../../server/usage/usage-period.ts'
import { databaseForThisFile } from '../../support/create-test-database.ts'

const file = databaseForThisFile()

const newAccount = async (email: string) =>
  (await file.database.prisma.user.create({ data: { email, fullName: 'U' } })).id

it('adds concurrent usage without losing a count', async () => {
  const accountId = await newAccount('concurrent@example.com')
  await Promise.all(
    Array.from({ length: 25 }, () => recordUsage(file.database, { accountId, amounts: { messages: 1, tokens: 100 } })),
  )
  expect(await readUsage(file.database, accountId)).toMatchObject({ messages: 25, tokens: 2_500, conversations: 0 })
})

it('counts in the calendar month without a subscription, and in the subscription’s period with one', async () => {
  const accountId = await newAccount('subscribed@example.com')
  expect(await usagePeriodOf(file.database, accountId)).toEqual(calendarMonthOf(new Date()))
  const plan = await file.database.prisma.plan.create({
    data: {
      id: 901,
      name: 'Test',
      conversationLimit: 1,
      messageLimit: 1,
      tokenLimit: 1n,
      widgetLimit: 1,
      teamMemberLimit: 1,
      agentLimit: 1,
    },
  })
  const start = new Date(Date.now() - 3 * 86_400_000)
  const end = new Date(Date.now() + 27 * 86_400_000)
  await file.database.prisma.subscription.create({
    data: {
      accountId,
      planId: plan.id,
      provider: 'stripe',
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: end,
      currentKey: accountId,
    },
  })
  expect(await usagePeriodOf(file.database, accountId)).toEqual({ start, end })
  await recordUsage(file.database, { accountId, amounts: { conversations: 1 } })
  expect(await readUsage(file.database, accountId)).toMatchObject({ conversations: 1, period: { start, end } })
})

it('keeps each account’s counters apart', async () => {
  const first = await newAccount('first@example.com')
  const second = await newAccount('second@example.com')
  await recordUsage(file.database, { accountId: first, amounts: { tokens: 7 } })
  expect((await readUsage(file.database, second)).tokens).toBe(0)
})
