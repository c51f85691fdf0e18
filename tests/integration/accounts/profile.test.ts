import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { bearer, logIn, signUp } from '../../support/accounts.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '10000' })
})
afterAll(() => testApp.cleanup())

describe('profile', () => {
  it('PUT refuses the whole user object sent back, naming the fields it does not take, and changes nothing', async () => {
    const account = await signUp(testApp, { full_name: 'Whole' })
    const user = (await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))).body
    const response = await testApp.request
      .put('/api/accounts/profile/')
      .set(bearer(account.access))
      .send({ ...user, full_name: 'Renamed', email: 'hijack@example.com' })
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(/^Unknown fields: .*email/)
    expect(response.body.fields.email).toEqual(['Unknown field.'])
    const after = (await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))).body
    expect(after).toMatchObject({ full_name: 'Whole', email: account.email })
  })

  it('GET answers the signed-in user; PUT changes the full name', async () => {
    const account = await signUp(testApp, { full_name: 'Before' })
    const read = await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))
    expect(read.body).toMatchObject({
      id: account.userId,
      email: account.email,
      full_name: 'Before',
      profile_image: null,
    })
    const updated = await testApp.request
      .put('/api/accounts/profile/')
      .set(bearer(account.access))
      .send({ full_name: '  After  ' })
    expect(updated.status).toBe(200)
    expect(updated.body.full_name).toBe('After')
  })
})

describe('PUT /api/accounts/change-password/', () => {
  const change = (access: string, body: object) =>
    testApp.request.put('/api/accounts/change-password/').set(bearer(access)).send(body)

  it('changes it: the new password signs in, the old does not, other sessions end, this one stays', async () => {
    const account = await signUp(testApp)
    const otherDevice = (await logIn(testApp, account.email, account.password)).body.tokens
    const response = await change(account.access, { old_password: account.password, new_password: 'Brand-New-Pass-2' })
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Password changed successfully!')
    expect((await logIn(testApp, account.email, 'Brand-New-Pass-2')).status).toBe(200)
    expect((await logIn(testApp, account.email, account.password)).status).toBe(401)
    expect((await testApp.request.get('/api/accounts/profile/').set(bearer(otherDevice.access))).status).toBe(401)
    expect((await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))).status).toBe(200)
  })

  it.each([
    [{ new_password: 'Brand-New-Pass-2', old_password: 'Wrong-Pass-1' }, 'Current password is incorrect.'],
    [{ old_password: 'x' }, 'Please fill in all password fields'],
    [{ old_password: 'x', new_password: '' }, 'Please fill in all password fields'],
    [{ old_password: 'x', new_password: 'Sh-1' }, 'New password must be at least 8 characters long'],
    [{ old_password: 'x', new_password: 'longbutweak' }, 'Please meet all password requirements to continue.'],
  ])('refuses %j with "%s"', async (body, message) => {
    const account = await signUp(testApp)
    const response = await change(account.access, body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  it('requires the current password when the account has one', async () => {
    const account = await signUp(testApp)
    const response = await change(account.access, { new_password: 'Brand-New-Pass-2' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Please fill in all password fields')
  })

  it('refuses the same password again', async () => {
    const account = await signUp(testApp)
    const response = await change(account.access, { old_password: account.password, new_password: account.password })
    expect(response.body.message).toBe('New password must be different from the current password.')
  })
})

describe('a first password for an account created through Google', () => {
  async function googleOnlyAccount(signedInAgoMs: number) {
    const { prisma } = testApp.database
    const user = await prisma.user.create({
      data: { email: `g${Date.now()}${Math.random()}@gmail.com`, fullName: 'G', googleSubject: `g-${Math.random()}` },
    })
    const { startSession } = await import('../../../server/accounts/sessions/start-session.ts')
    const { loadServerSecrets } = await import('../../../server/secrets/load-server-secrets.ts')
    const secrets = await loadServerSecrets(testApp.database, testApp.config)
    const tokens = await startSession(testApp.database, {
      settings: {
        accessTokenKey: secrets.accessTokenKey,
        accessTokenTtlSeconds: 900,
        refreshTokenTtlSeconds: 3600,
        sessionMaxAgeSeconds: 86_400,
      },
      userId: user.id,
    })
    await prisma.refreshTokenFamily.updateMany({
      where: { userId: user.id },
      data: { createdAt: new Date(Date.now() - signedInAgoMs) },
    })
    return { user, tokens }
  }

  it('can be set without an old one right after signing in', async () => {
    const { user, tokens } = await googleOnlyAccount(60_000)
    const response = await testApp.request
      .put('/api/accounts/change-password/')
      .set(bearer(tokens.access))
      .send({ new_password: 'First-Password-1' })
    expect(response.status).toBe(200)
    expect((await logIn(testApp, user.email, 'First-Password-1')).status).toBe(200)
  })

  it('needs a recent sign-in: an older session (a stolen token, say) cannot add one', async () => {
    const { tokens } = await googleOnlyAccount(60 * 60_000)
    const response = await testApp.request
      .put('/api/accounts/change-password/')
      .set(bearer(tokens.access))
      .send({ new_password: 'First-Password-1' })
    expect(response.status).toBe(403)
    expect(response.body.message).toBe('For your security, sign in again (with Google) before setting a password.')
  })
})

describe('calls that check the password are rate-limited per account', () => {
  it('guessing through change-email or deletion ends in 429', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_IP: '10000' })
    try {
      const account = await signUp(limited)
      const statuses = []
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push(
          (
            await limited.request
              .put('/api/accounts/change-email/')
              .set(bearer(account.access))
              .send({ new_email: `n${attempt}@example.com`, password: 'Guess-Pass-1' })
          ).status,
        )
      }
      expect(statuses).toEqual([400, 400, 400, 429])
      expect(
        (
          await limited.request
            .post('/api/accounts/profile/delete/')
            .set(bearer(account.access))
            .send({ password: account.password })
        ).status,
      ).toBe(429)
    } finally {
      await limited.cleanup()
    }
  })
})

describe('PUT /api/accounts/change-email/', () => {
  const change = (access: string, body: object) =>
    testApp.request.put('/api/accounts/change-email/').set(bearer(access)).send(body)

  it('asks for it, confirmed by the password; nothing changes until the new address opens its link', async () => {
    const account = await signUp(testApp)
    const response = await change(account.access, { new_email: ' Moved@Example.com ', password: account.password })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      message: 'Open the link we sent to your new address: your sign-in e-mail changes then.',
      pending_email: 'moved@example.com',
    })
    expect((await logIn(testApp, 'moved@example.com', account.password)).status).toBe(401)
    expect((await logIn(testApp, account.email, account.password)).status).toBe(200)
    const profile = await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))
    expect(profile.body).toMatchObject({ email: account.email, pending_email: 'moved@example.com' })
  })

  it('refuses an e-mail another account uses', async () => {
    const account = await signUp(testApp)
    const other = await signUp(testApp)
    const response = await change(account.access, { new_email: other.email, password: account.password })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('This email is already in use.')
  })

  it.each([
    [{ password: 'x' }, 'Please fill in all fields'],
    [{ new_email: 'a@example.com' }, 'Please fill in all fields'],
    [{ new_email: 'nope', password: 'x' }, 'Please enter a valid email address'],
  ])('refuses %j with "%s"', async (body, message) => {
    const account = await signUp(testApp)
    const response = await change(account.access, body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  it('refuses the current e-mail and a wrong password', async () => {
    const account = await signUp(testApp)
    expect(
      (await change(account.access, { new_email: account.email.toUpperCase(), password: account.password })).body
        .message,
    ).toBe('New email cannot be the same as current email')
    const wrong = await change(account.access, { new_email: 'fresh@example.com', password: 'Wrong-Pass-1' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('Password is incorrect.')
  })
})

describe('POST /api/accounts/profile/delete/', () => {
  const remove = (access: string, body: object) =>
    testApp.request.post('/api/accounts/profile/delete/').set(bearer(access)).send(body)

  it("deletes the account's document files too", async () => {
    const account = await signUp(testApp)
    const { prisma } = testApp.database
    const agent = await prisma.agent.create({ data: { accountId: account.userId, name: 'bot' } })
    const storageKey = `agents/${agent.id}/documents/1_abc_notes.txt`
    const { createFileStorage } = await import('../../../server/storage/create-file-storage.ts')
    const storage = createFileStorage(testApp.config)
    await storage.put(storageKey, Buffer.from('notes'), 'text/plain')
    await prisma.document.create({
      data: {
        accountId: account.userId,
        agentId: agent.id,
        name: 'notes.txt',
        format: 'txt',
        mimeType: 'text/plain',
        storageKey,
        sizeBytes: 5,
      },
    })
    expect((await remove(account.access, { password: account.password })).status).toBe(200)
    expect(await storage.get(storageKey)).toBeNull()
  })

  it('deletes the account and everything it owns in one go, and ends every session', async () => {
    const account = await signUp(testApp)
    const bystander = await signUp(testApp)
    const { prisma } = testApp.database
    for (const owner of [account, bystander]) {
      const agent = await prisma.agent.create({ data: { accountId: owner.userId, name: 'bot' } })
      const team = await prisma.team.create({ data: { accountId: owner.userId, name: 'Team' } })
      await prisma.teamAgent.create({ data: { teamId: team.id, agentId: agent.id, accountId: owner.userId } })
      await prisma.text.create({ data: { accountId: owner.userId, agentId: agent.id, title: 'T', content: 'C' } })
      await prisma.widgetIntegration.create({
        data: {
          accountId: owner.userId,
          agentId: agent.id,
          clientKey: `key-${owner.userId}`,
          websiteName: 'Site',
          websiteDomain: 'example.com',
          startMessage: 'Hi',
        },
      })
    }
    // The account is also a member of the bystander's team: that membership goes too.
    const bystanderTeam = await prisma.team.findFirstOrThrow({ where: { accountId: bystander.userId } })
    await prisma.teamMember.create({
      data: {
        accountId: bystander.userId,
        teamId: bystanderTeam.id,
        userId: account.userId,
        name: 'A',
        email: account.email,
        status: 'active',
      },
    })

    const response = await remove(account.access, { password: account.password })
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Account deleted successfully.')
    expect(await prisma.user.findUnique({ where: { id: account.userId } })).toBeNull()
    for (const model of ['agent', 'team', 'teamAgent', 'text', 'widgetIntegration', 'refreshTokenFamily'] as const) {
      // @ts-expect-error: every one of these models has an accountId or userId to count by
      const left = await prisma[model].count({
        where: model === 'refreshTokenFamily' ? { userId: account.userId } : { accountId: account.userId },
      })
      expect(left, model).toBe(0)
    }
    expect(await prisma.teamMember.count({ where: { email: account.email } })).toBe(0)
    expect(await prisma.agent.count({ where: { accountId: bystander.userId } })).toBe(1)
    expect((await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))).status).toBe(401)
    expect((await logIn(testApp, account.email, account.password)).status).toBe(401)
  })

  it('needs the password: missing gives the SPEC text, wrong refuses', async () => {
    const account = await signUp(testApp)
    const missing = await remove(account.access, {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Please enter your password to confirm account deletion')
    const wrong = await remove(account.access, { password: 'Wrong-Pass-1' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('Password is incorrect.')
    expect(await testApp.database.prisma.user.count({ where: { id: account.userId } })).toBe(1)
  })
})
