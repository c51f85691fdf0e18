import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUp } from '../../support/accounts.ts'
import type { ChatTestbed } from '../../support/chat-testbed.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { newIntegration, SITE, startWidgetTestbed, visitor } from '../../support/widget-visitors.ts'
import { ATTACHMENT_NOT_STORED } from '../../../server/widgets/public/store-attachment.ts'

// Files a visitor sends with a message: what the model sees, what the team keeps, and what is refused.
let testApp: TestApp
let llm: ChatTestbed['llm']
let owner: SignedUp
let agentId: string
let testbed: ChatTestbed

beforeAll(async () => {
  testbed = await startWidgetTestbed()
  ;({ testApp, llm, owner, agentId } = testbed)
})
afterAll(async () => testbed.close())

describe('attachments', () => {
  it('takes a document with the message, gives its text to the model as data, and keeps the file for the team', async () => {
    const { client_key } = await newIntegration(testbed)
    const { auth, conversationId } = await visitor(testApp, client_key)
    const response = await testApp.request
      .post(`/api/conversations/api/chat/${conversationId}/`)
      .set(auth)
      .field('message_text', 'Can I return this order?')
      .attach('attachment', Buffer.from('Order 1234: blue lamp, delivered 3 days ago. <b>bold</b>'), 'order.txt')
    expect(response.status).toBe(200)
    expect(response.body.user_message.attachments).toEqual([
      { name: 'order.txt', content_type: 'text/plain; charset=utf-8', size: 56 },
    ])
    expect(JSON.stringify(response.body)).not.toContain('widgets/')
    const prompt = llm.requests.at(-1)?.messages.at(-1)?.content ?? ''
    expect(prompt).toContain(
      '<attachment name="order.txt">\nOrder 1234: blue lamp, delivered 3 days ago. &lt;b&gt;bold&lt;/b&gt;\n</attachment>',
    )
    const download = await testApp.request
      .get(`/api/conversations/${agentId}/${conversationId}/${response.body.user_message.message_id}/attachments/0/`)
      .set(bearer(owner.access))
    expect(download.status).toBe(200)
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="order.txt"; filename*=UTF-8\'\'order.txt',
    )
    expect(download.text).toContain('Order 1234')
  })

  it('deleting the agent deletes the files visitors attached', async () => {
    const other = await createAgentFor(testApp, owner, 'Short-lived')
    const integration = await testApp.request
      .post(`/api/agents/${other}/integrations/frontend/`)
      .set(bearer(owner.access))
      .send({ website_name: 'S', website_domain: 'shop.example.com' })
    const { auth, conversationId } = await visitor(testApp, integration.body.client_key)
    const sent = await testApp.request
      .post(`/api/conversations/api/chat/${conversationId}/`)
      .set(auth)
      .attach('attachment', Buffer.from('private notes'), 'notes.txt')
    expect(sent.status).toBe(200)
    const folder = join(
      testApp.config.DATA_DIR,
      'files',
      'widgets',
      integration.body.integration_id,
      'attachments',
      conversationId,
    )
    expect(readdirSync(folder)).toHaveLength(1)
    expect((await testApp.request.delete(`/api/agents/${other}/delete/`).set(bearer(owner.access))).status).toBe(200)
    expect(readdirSync(folder)).toHaveLength(0)
  })

  it('sends a file alone, named as the message', async () => {
    const { client_key } = await newIntegration(testbed)
    const { auth, conversationId } = await visitor(testApp, client_key)
    const response = await testApp.request
      .post(`/api/conversations/api/chat/${conversationId}/`)
      .set(auth)
      .attach('attachment', Buffer.from('hello'), 'note.txt')
    expect(response.body.user_message.message_text).toBe('Attached: note.txt')
  })

  it('refuses files when attachments are off, files that are not images or documents, and files without a token', async () => {
    const off = await newIntegration(testbed, { enable_attachments: false })
    const offVisitor = await visitor(testApp, off.client_key)
    const refused = await testApp.request
      .post(`/api/conversations/api/chat/${offVisitor.conversationId}/`)
      .set(offVisitor.auth)
      .field('message_text', 'Hi')
      .attach('attachment', Buffer.from('x'), 'a.txt')
    expect(refused.body.message).toBe('Attachments are turned off for this chat.')
    const on = await newIntegration(testbed)
    const onVisitor = await visitor(testApp, on.client_key)
    const binary = await testApp.request
      .post(`/api/conversations/api/chat/${onVisitor.conversationId}/`)
      .set(onVisitor.auth)
      .field('message_text', 'Hi')
      .attach('attachment', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), 'tool.exe')
    expect(binary.status).toBe(415)
    const anonymous = await testApp.request
      .post(`/api/conversations/api/chat/${onVisitor.conversationId}/`)
      .set('Origin', SITE)
      .field('message_text', 'Hi')
      .attach('attachment', Buffer.from('x'), 'a.txt')
    expect(anonymous.status).toBe(401)
  })
})

describe('when a visitor’s file cannot be stored', () => {
  it('the message is refused whole: no message, and no attachment listed for the visitor or the team', async () => {
    const { client_key, integration_id } = await newIntegration(testbed)
    const { auth, conversationId } = await visitor(testApp, client_key)
    // A file where the integration's folder should be: the storage itself fails to write under it.
    const widgetsFolder = join(testApp.config.DATA_DIR, 'files', 'widgets')
    mkdirSync(widgetsFolder, { recursive: true })
    const blocker = join(widgetsFolder, integration_id)
    writeFileSync(blocker, 'not a folder')
    const sendFile = () =>
      testApp.request
        .post(`/api/conversations/api/chat/${conversationId}/`)
        .set(auth)
        .field('message_text', 'Can I return this?')
        .attach('attachment', Buffer.from('Order 1234: blue lamp'), 'order.txt')
    let refused
    try {
      refused = await sendFile()
    } finally {
      rmSync(blocker)
    }
    expect(refused.status).toBe(503)
    expect(refused.body.message).toBe(ATTACHMENT_NOT_STORED)
    const stored = await testApp.database.prisma.message.findMany({ where: { conversationId } })
    expect(stored.filter((message) => message.senderType === 'user')).toEqual([])
    const history = await testApp.request.get(`/api/conversations/api/chat/${conversationId}/`).set(auth)
    expect(history.status).toBe(200)
    expect(history.body.data.flatMap((message: { attachments: unknown[] }) => message.attachments)).toEqual([])
    const team = await testApp.request
      .get(`/api/conversations/${agentId}/${conversationId}/messages/`)
      .set(bearer(owner.access))
    expect(team.body.data.flatMap((message: { attachments: unknown[] }) => message.attachments)).toEqual([])

    // Sent again once the storage writes: the message lists its file, and the file is there.
    const again = await sendFile()
    expect(again.status).toBe(200)
    const listed = await testApp.request
      .get(`/api/conversations/${agentId}/${conversationId}/messages/`)
      .set(bearer(owner.access))
    const withFiles = listed.body.data.filter((message: { attachments: unknown[] }) => message.attachments.length > 0)
    expect(withFiles).toHaveLength(1)
    const download = await testApp.request
      .get(`/api/conversations/${agentId}/${conversationId}/${withFiles[0].message_id}/attachments/0/`)
      .set(bearer(owner.access))
    expect(download.status).toBe(200)
  })
})
