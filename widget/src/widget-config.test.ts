import { describe, expect, it } from 'vitest'
import { withPageSettings, type WidgetConfig } from './widget-config.ts'

const server: WidgetConfig = {
  client_key: 'key',
  agent_name: 'Agent',
  website_name: 'Shop',
  website_logo: null,
  bot_name: 'Assistant',
  start_message: 'Hello! How can I help you today?',
  widget_position: 'bottom-right',
  widget_color: '#6366f1',
  auto_open_chat: false,
  collect_user_email: false,
  enable_attachments: true,
  show_branding: true,
}

describe("the page's own widget settings (the Shopify theme editor's)", () => {
  it('override the colour, position, bot name and start message when valid', () => {
    expect(
      withPageSettings(server, {
        color: '#0a0',
        position: 'top-left',
        botName: ' Sam ',
        startMessage: 'Welcome to the shop!',
      }),
    ).toMatchObject({
      widget_color: '#0a0',
      widget_position: 'top-left',
      bot_name: 'Sam',
      start_message: 'Welcome to the shop!',
    })
  })

  it('keep the server values when absent, empty or invalid, so nothing unchecked reaches the styles', () => {
    expect(
      withPageSettings(server, {
        color: 'red;} body{display:none',
        position: 'middle',
        botName: '   ',
        startMessage: '',
      }),
    ).toEqual(server)
    expect(withPageSettings(server, {})).toEqual(server)
  })
})
