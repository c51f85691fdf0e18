import { describe, expect, it } from 'vitest'
import { addedToTeamEmail, alertEmail, teamInvitationEmail } from './email-templates.ts'
import { OutgoingEmailSchema } from './outgoing-email.ts'

const LONGEST_PERSON = 'P'.repeat(150) // member and account names: at most 150 characters
const LONGEST_TEAM = 'T'.repeat(255) // team names: at most 255
const link = 'https://chat.example.com/auth/invitation?token=abc'

describe('e-mail templates', () => {
  it('keep subjects within the e-mail limit however long the names, and the names whole in the body', () => {
    for (const content of [
      teamInvitationEmail({ inviterName: LONGEST_PERSON, teamName: LONGEST_TEAM, link }),
      addedToTeamEmail({ inviterName: LONGEST_PERSON, teamName: LONGEST_TEAM, link }),
      alertEmail({ title: 'A'.repeat(400), message: 'm', action: { label: 'Open', url: link } }),
    ]) {
      expect(OutgoingEmailSchema.safeParse({ to: 'a@example.com', ...content }).success).toBe(true)
    }
    // Characters outside the basic plane count two units each towards the limit.
    const emoji = teamInvitationEmail({ inviterName: '😀'.repeat(75), teamName: '🎉'.repeat(127), link })
    expect(OutgoingEmailSchema.safeParse({ to: 'a@example.com', ...emoji }).success).toBe(true)
    expect(emoji.subject).toContain(`${'😀'.repeat(29)}… invited`)
    const invitation = teamInvitationEmail({ inviterName: LONGEST_PERSON, teamName: LONGEST_TEAM, link })
    expect(invitation.subject).toBe(`${'P'.repeat(59)}… invited you to the ${'T'.repeat(79)}… team on AgentDesk`)
    expect(invitation.text).toContain(LONGEST_TEAM)
  })

  it('escape names in the HTML part', () => {
    const content = teamInvitationEmail({ inviterName: '<b>Eve</b>', teamName: 'Sales & "Support"', link })
    expect(content.html).not.toContain('<b>Eve</b>')
    expect(content.html).toContain('&#60;b&#62;Eve&#60;/b&#62;')
    expect(content.text).toContain('<b>Eve</b> invited you')
  })
})
