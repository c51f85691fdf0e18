// Text fields refuse control characters with a 400 naming the field, whether the text came as JSON, in a
// query or in a multipart form; text over lines keeps its tabs and line breaks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUp } from '../support/accounts.ts'
import type { TestApp } from '../support/create-test-app.ts'
import { freshFixture, SITE, startWalkApp, type WalkApp } from '../support/walk-app.ts'

let walk: WalkApp
let testApp: TestApp
let owner: SignedUp
let widget: WalkApp['widget']
beforeAll(async () => {
  walk = await startWalkApp()
  ;({ testApp, owner, widget } = walk)
})
afterAll(async () => {
  await walk?.testApp.cleanup()
})

// the field, whether the text came as JSON, in a query or in a multipart form.
describe('control characters in text fields', () => {
  const ESCAPES = ['Hi\u001b[31m', 'Ring\u0007', 'Delete\u007f', 'Back\bspace']
  const REFUSED_MESSAGE = 'Message text has characters that are not text'

  it('a message with an escape, a bell, DEL or a backspace is refused by every chat door, multipart included', async () => {
    const fixture = await freshFixture(walk)
    const dashboardChat = `/api/conversations/chat/${fixture.agentId}/${fixture.conversationId}/`
    const visitorChat = `/api/conversations/api/chat/${widget.conversationId}/`
    const visitor = { Authorization: `Bearer ${widget.token}`, Origin: SITE }
    for (const text of ESCAPES) {
      const answers = {
        'dashboard chat, JSON': await testApp.request
          .post(dashboardChat)
          .set(bearer(owner.access))
          .send({ message_text: text }),
        'dashboard chat, query': await testApp.request
          .get(dashboardChat)
          .set(bearer(owner.access))
          .query({ message_text: text }),
        'send call, JSON': await testApp.request
          .post('/api/conversations/chat/')
          .set(bearer(owner.access))
          .send({ message_text: text, agent_id: fixture.agentId, conversation_id: fixture.conversationId }),
        'widget, JSON': await testApp.request.post(visitorChat).set(visitor).send({ message_text: text }),
        'widget, multipart': await testApp.request.post(visitorChat).set(visitor).field('message_text', text),
        'widget, multipart with a file': await testApp.request
          .post(visitorChat)
          .set(visitor)
          .field('message_text', text)
          .attach('attachment', Buffer.from('Order 1234'), 'order.txt'),
      }
      for (const [door, response] of Object.entries(answers)) {
        expect({ door, text, status: response.status, message: response.body.message }).toEqual({
          door,
          text,
          status: 400,
          message: REFUSED_MESSAGE,
        })
      }
    }
  })

  it('pasted text keeps its tabs and line breaks, and refuses other control characters', async () => {
    const fixture = await freshFixture(walk)
    const texts = `/api/agents/${fixture.agentId}/texts/create/`
    const pasted = await testApp.request
      .post(texts)
      .set(bearer(owner.access))
      .send({ text_title: 'Pasted', text_content: 'Line one\r\n\tLine two\n\nLine three\n' })
    expect(pasted.status).toBe(201)
    expect(pasted.body.text_content).toBe('Line one\r\n\tLine two\n\nLine three')
    // Word's manual line breaks (vertical tabs) and PDF page breaks (form feeds) paste as line breaks.
    const broken = await testApp.request
      .post(texts)
      .set(bearer(owner.access))
      .send({ text_title: 'Pasted', text_content: 'Line one\u000bLine two\fPage two' })
    expect({ status: broken.status, content: broken.body.text_content }).toEqual({
      status: 201,
      content: 'Line one\nLine two\nPage two',
    })
    for (const text of ESCAPES) {
      const refused = await testApp.request
        .post(texts)
        .set(bearer(owner.access))
        .send({ text_title: 'Pasted', text_content: `Line one\n${text}` })
      expect({ text, status: refused.status, message: refused.body.message }).toEqual({
        text,
        status: 400,
        message: 'Text content has characters that are not text',
      })
    }
  })

  it('a name refuses any control character, a tab or a line break too, in JSON and in a multipart form', async () => {
    const fixture = await freshFixture(walk)
    const integrations = `/api/agents/${fixture.agentId}/integrations/frontend/`
    for (const name of ['Shop\tname', 'Shop\nname', 'Page\fbreak', ...ESCAPES]) {
      const team = await testApp.request
        .post('/api/accounts/team/create/')
        .set(bearer(owner.access))
        .send({ team_name: name })
      expect({ name, status: team.status, message: team.body.message }).toEqual({
        name,
        status: 400,
        message: 'Team name must be a single line of text',
      })
      const website = await testApp.request
        .post(integrations)
        .set(bearer(owner.access))
        .field('website_name', name)
        .field('website_domain', 'shop.example.com')
      expect({ name, status: website.status, message: website.body.message }).toEqual({
        name,
        status: 400,
        message: 'Website name must be a single line of text',
      })
    }
    // Over several lines in the same form: line breaks and tabs are taken, an escape is not.
    const lines = await testApp.request
      .post(integrations)
      .set(bearer(owner.access))
      .field('website_name', 'Shop')
      .field('website_domain', 'shop.example.com')
      .field('start_message', 'Hello!\r\n\tAsk me anything.')
    expect(lines.status).toBe(201)
    expect(lines.body.start_message).toBe('Hello!\r\n\tAsk me anything.')
    const escape = await testApp.request
      .post(integrations)
      .set(bearer(owner.access))
      .field('website_name', 'Shop')
      .field('website_domain', 'shop.example.com')
      .field('start_message', 'Hello!\u001b[5m')
    expect(escape.body.message).toBe('Start message has characters that are not text')
  })
})
