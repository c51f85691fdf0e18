// @database-specific: reopening, pgvector detection, schema constraints per kind
import { inject, afterEach, describe, expect, it } from 'vitest'
import { detectVectorSearch } from '../../server/db/detect-vector-search.ts'
import { createTestDatabase, openDatabaseAt, type TestDatabase } from '../support/create-test-database.ts'

let testDatabase: TestDatabase | undefined
afterEach(async () => {
  await testDatabase?.cleanup()
  testDatabase = undefined
})

describe('the database', () => {
  it('keeps what was written after the connection closes and opens again', async () => {
    testDatabase = await createTestDatabase()
    const user = await testDatabase.database.prisma.user.create({
      data: { email: 'owner@example.com', fullName: 'Owner' },
    })
    await testDatabase.database.prisma.agent.create({ data: { accountId: user.id, name: 'Support bot' } })
    await testDatabase.database.close()

    const reopened = await openDatabaseAt(testDatabase.location)
    try {
      const agents = await reopened.prisma.agent.findMany({ include: { account: true } })
      expect(agents.map((agent) => [agent.name, agent.account.email])).toEqual([['Support bot', 'owner@example.com']])
    } finally {
      await reopened.close()
    }
  })

  it('stores embeddings in a portable real[] column on every database', async () => {
    testDatabase = await createTestDatabase()
    const { prisma } = testDatabase.database
    const user = await prisma.user.create({ data: { email: 'a@example.com', fullName: 'A' } })
    const agent = await prisma.agent.create({ data: { accountId: user.id, name: 'A' } })
    const text = await prisma.text.create({ data: { accountId: user.id, agentId: agent.id, title: 'T', content: 'C' } })
    await prisma.knowledgeChunk.create({
      data: {
        accountId: user.id,
        agentId: agent.id,
        sourceType: 'text',
        textId: text.id,
        position: 0,
        content: 'C',
        embedding: [0.25, -0.5, 1],
      },
    })
    const [chunk] = await prisma.knowledgeChunk.findMany()
    expect(chunk?.embedding).toEqual([0.25, -0.5, 1])
  })

  it('reports pgvector where the extension exists, and in-process search where it does not', async () => {
    testDatabase = await createTestDatabase()
    const mode = await detectVectorSearch(testDatabase.database)
    if (inject('databaseKind') === 'embedded') {
      expect(mode).toBe('pgvector')
      return
    }
    const available = await testDatabase.database.withRawConnection((query) =>
      query(`select 1 from pg_available_extensions where name = 'vector'`),
    )
    expect(mode).toBe(available.rows.length > 0 ? 'pgvector' : 'in-process')
  })

  it("refuses a row that points at another account's agent or team (tenant consistency in the schema)", async () => {
    testDatabase = await createTestDatabase()
    const { prisma } = testDatabase.database
    const alice = await prisma.user.create({ data: { email: 'alice@example.com', fullName: 'Alice' } })
    const bob = await prisma.user.create({ data: { email: 'bob@example.com', fullName: 'Bob' } })
    const bobsAgent = await prisma.agent.create({ data: { accountId: bob.id, name: 'Bob bot' } })
    const alicesTeam = await prisma.team.create({ data: { accountId: alice.id, name: 'Support' } })
    await expect(
      prisma.teamAgent.create({ data: { teamId: alicesTeam.id, agentId: bobsAgent.id, accountId: alice.id } }),
    ).rejects.toThrow()
    await expect(
      prisma.text.create({ data: { accountId: alice.id, agentId: bobsAgent.id, title: 'T', content: 'C' } }),
    ).rejects.toThrow()
    expect(await prisma.teamAgent.count()).toBe(0)
    expect(await prisma.text.count()).toBe(0)
  })

  it('deleting an account removes everything it owns, and nothing of other accounts', async () => {
    testDatabase = await createTestDatabase()
    const { prisma } = testDatabase.database
    const alice = await prisma.user.create({ data: { email: 'alice@example.com', fullName: 'Alice' } })
    const bob = await prisma.user.create({ data: { email: 'bob@example.com', fullName: 'Bob' } })
    for (const owner of [alice, bob]) {
      const agent = await prisma.agent.create({ data: { accountId: owner.id, name: 'bot' } })
      const conversation = await prisma.conversation.create({
        data: { accountId: owner.id, agentId: agent.id, name: 'Chat' },
      })
      await prisma.message.create({
        data: { accountId: owner.id, conversationId: conversation.id, senderType: 'user', text: 'hi' },
      })
    }
    await prisma.user.delete({ where: { id: alice.id } })
    expect(await prisma.agent.findMany({ select: { accountId: true } })).toEqual([{ accountId: bob.id }])
    expect(await prisma.message.count()).toBe(1)
  })
})
