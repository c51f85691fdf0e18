import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './load-config.ts'

describe('loadConfig', () => {
  it('when nothing is set, it runs on the embedded defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: [],
    })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('parses numbers, booleans and lists from strings', () => {
    const config = loadConfig({ PORT: '8080', TRUST_PROXY: '1', CORS_ORIGINS: 'https://a.example, https://b.example' })
    expect(config.PORT).toBe(8080)
    expect(config.TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8'])
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example'])
  })

  it('treats an empty value as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '' })
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number (got "abc")'],
    ['PORT', '70000', 'PORT must be between 0 and 65535 (got "70000")'],
    ['PORT', ' ', 'PORT must be a whole number (got " ")'],
    ['PORT', '0x50', 'PORT must be a whole number (got "0x50")'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE must be between 1 and 100 (got "0")'],
    [
      'CORS_ORIGINS',
      'https://a.example/path',
      'CORS_ORIGINS must be origins such as https://app.example.com, separated by commas (got "https://a.example/path")',
    ],
    [
      'CORS_ORIGINS',
      '*',
      'CORS_ORIGINS must be origins such as https://app.example.com, separated by commas (got "*")',
    ],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://x")'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [
      'TRUST_PROXY',
      'true',
      'TRUST_PROXY must be false, a number of proxy hops, or trusted subnets (true would let clients spoof their address) (got "true")',
    ],
    ['SECRET_KEY', 'short', 'SECRET_KEY must be at least 32 characters (value hidden)'],
    [
      'MAIL_FROM',
      'AgentDesk',
      'MAIL_FROM must be an address, or a name and an address such as AgentDesk <no-reply@chat.example.com> (got "AgentDesk")',
    ],
    [
      'SUPPORT_EMAIL',
      'support at example',
      'SUPPORT_EMAIL must be an e-mail address such as support@chat.example.com (got "support at example")',
    ],
    [
      'SUPPORT_PHONE',
      'call us',
      'SUPPORT_PHONE must be a phone number of digits, spaces, dots, dashes and brackets, such as +20 100 123 4567 (got "call us")',
    ],
  ])('when %s is %s, it fails with one line naming the variable', (name, value, expected) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(`Invalid configuration: ${expected}`))
  })

  it('never echoes a password inside a URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://admin:hunter2@db/x' })).toThrow(
      'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://admin:***@db/x")',
    )
  })

  it.each([
    [
      { GOOGLE_CLIENT_ID: 'id' },
      'GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REDIRECT_URI go together: set all three or none',
    ],
    [{ STORAGE_DRIVER: 's3' }, 's3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
    [{ RATE_LIMIT_STORE: 'redis' }, 'redis needs REDIS_URL'],
    [{ PASSWORD_HASH_COST: 'light', NODE_ENV: 'production' }, 'light is for tests only (NODE_ENV=test)'],
    [
      { STRIPE_SECRET_KEY: 'sk_test_x' },
      'STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint)',
    ],
    [
      { SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465' },
      'SMTP_URL needs PUBLIC_URL (the address the links in e-mails lead to)',
    ],
  ])('settings that go together are checked together: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`)
  })

  it('reports every wrong variable in the same line', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(
      /PORT must be a whole number .*; LOG_LEVEL must be one of/,
    )
  })

  it('under the Shopify CLI, SHOPIFY_APP_URL and SCOPES stand in for PUBLIC_URL and SHOPIFY_SCOPES, never over them', () => {
    const cli = { SHOPIFY_APP_URL: 'https://tunnel.example.com', SCOPES: 'read_products,read_content' }
    expect(loadConfig(cli)).toMatchObject({
      PUBLIC_URL: 'https://tunnel.example.com',
      SHOPIFY_SCOPES: 'read_products,read_content',
    })
    expect(
      loadConfig({ ...cli, PUBLIC_URL: 'https://chat.example.com', SHOPIFY_SCOPES: 'read_products' }),
    ).toMatchObject({ PUBLIC_URL: 'https://chat.example.com', SHOPIFY_SCOPES: 'read_products' })
    // Outside the CLI a stray SCOPES variable means nothing.
    expect(loadConfig({ SCOPES: 'write_everything' }).SHOPIFY_SCOPES).toBe(
      'read_products,read_content,read_legal_policies,read_orders,write_app_proxy',
    )
  })
})
