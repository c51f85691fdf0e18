// The e-mails the product sends, each rendered in the one layout (email-layout.ts).
import { INVITATION_DAYS } from '../teams/teams.schemas.ts'
import { layoutEmail, PRODUCT_NAME } from './email-layout.ts'
import type { EmailContent } from './outgoing-email.ts'

export const PASSWORD_RESET_MINUTES = 30

/**
 * A name as a subject line quotes it: whole when short, else cut with an ellipsis to `max` UTF-16 units
 * (the length the e-mail's subject limit counts), never inside a character.
 */
function inSubject(name: string, max: number) {
  if (name.length <= max) return name
  let kept = ''
  for (const character of name) {
    if (kept.length + character.length > max - 1) break
    kept += character
  }
  return `${kept.trimEnd()}…`
}

export function passwordResetEmail({ link }: { link: string }): EmailContent {
  return layoutEmail({
    subject: `Set a new ${PRODUCT_NAME} password`,
    heading: 'Set a new password',
    paragraphs: [
      `Someone asked to set a new password for the ${PRODUCT_NAME} account of this address. The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
      'Setting a new password signs the account out everywhere else.',
    ],
    action: { label: 'Set a new password', url: link },
    footnote: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  })
}

export const SIGN_IN_LINK_MINUTES = 15

/** A one-time sign-in link (decision 037): the way in that wrong passwords sent from elsewhere cannot close. */
export function signInLinkEmail({ link }: { link: string }): EmailContent {
  return layoutEmail({
    subject: `Your ${PRODUCT_NAME} sign-in link`,
    heading: 'Sign in',
    paragraphs: [
      `Someone asked for a link to sign in to the ${PRODUCT_NAME} account of this address. The link works once, for ${SIGN_IN_LINK_MINUTES} minutes.`,
      'A newer link replaces this one.',
    ],
    action: { label: `Sign in to ${PRODUCT_NAME}`, url: link },
    footnote:
      'If you did not ask for this, ignore this e-mail: nobody signs in without the link. If it keeps coming, someone may be trying to guess your password; a long, unique one keeps them out.',
  })
}

export const EMAIL_CHECK_HOURS = 24

/** The link that proves an address: after sign-up (or on request), and for a new sign-in e-mail before it takes effect. */
export function emailCheckEmail({ link, isChange }: { link: string; isChange: boolean }): EmailContent {
  return isChange
    ? layoutEmail({
        subject: `Confirm your new ${PRODUCT_NAME} e-mail address`,
        heading: 'Confirm your new e-mail address',
        paragraphs: [
          `You asked to sign in to ${PRODUCT_NAME} with this address. Your sign-in e-mail changes when you open this link; until then the old one stays.`,
          `The link works once, for ${EMAIL_CHECK_HOURS} hours.`,
        ],
        action: { label: 'Confirm this address', url: link },
        footnote: 'If you did not ask for this, ignore this e-mail: nothing changes.',
      })
    : layoutEmail({
        subject: `Confirm your ${PRODUCT_NAME} e-mail address`,
        heading: 'Confirm your e-mail address',
        paragraphs: [
          `Welcome to ${PRODUCT_NAME}. Confirm that this address is yours, so that team invitations, alerts and password links reach you.`,
          `The link works once, for ${EMAIL_CHECK_HOURS} hours.`,
        ],
        action: { label: 'Confirm this address', url: link },
        footnote: `You received this because someone signed up to ${PRODUCT_NAME} with this address. If it was not you, ignore it.`,
      })
}

/** To the old address when someone asks to change an account's sign-in e-mail. */
export function emailChangeNoticeEmail({ newEmail, resetLink }: { newEmail: string; resetLink: string }): EmailContent {
  return layoutEmail({
    subject: `Your ${PRODUCT_NAME} sign-in e-mail is changing`,
    heading: 'Your sign-in e-mail is changing',
    paragraphs: [
      `Someone signed in to your ${PRODUCT_NAME} account asked to change its sign-in e-mail to ${newEmail}. It changes when that address confirms the link we sent it.`,
      'If this was you, there is nothing to do here. If not, set a new password now: that ends every session of the account.',
    ],
    action: { label: 'Set a new password', url: resetLink },
    footnote: 'You received this because this address signs in to the account.',
  })
}

export interface TeamEmailOptions {
  inviterName: string
  teamName: string
  link: string
}

/** An invitation to a team, for an address that has no account yet (or has not proved it). */
export function teamInvitationEmail({ inviterName, teamName, link }: TeamEmailOptions): EmailContent {
  return layoutEmail({
    subject: `${inSubject(inviterName, 60)} invited you to the ${inSubject(teamName, 80)} team on ${PRODUCT_NAME}`,
    heading: `Join the ${teamName} team`,
    paragraphs: [
      `${inviterName} invited you to the ${teamName} team on ${PRODUCT_NAME}, where the team builds and runs its AI chat agents.`,
      `Open the link to sign up (or sign in) and join. It works once, for ${INVITATION_DAYS} days.`,
    ],
    action: { label: 'Accept the invitation', url: link },
    footnote: 'If you did not expect this invitation, ignore this e-mail: nothing happens without the link.',
  })
}

/** To someone whose proven address was added to a team: they are in already. */
export function addedToTeamEmail({ inviterName, teamName, link }: TeamEmailOptions): EmailContent {
  return layoutEmail({
    subject: `You were added to the ${inSubject(teamName, 80)} team on ${PRODUCT_NAME}`,
    heading: `You are in the ${teamName} team`,
    paragraphs: [`${inviterName} added you to the ${teamName} team. Its agents are in your dashboard now.`],
    action: { label: 'Open the dashboard', url: link },
    footnote: 'You received this because your address signs in to an account that was added to the team.',
  })
}

/** An alert: what happened and the page that acts on it; every alert can be switched off in the profile. */
export function alertEmail({
  title,
  message,
  action,
}: {
  title: string
  message: string
  action: { label: string; url: string }
}): EmailContent {
  return layoutEmail({
    subject: `${inSubject(title, 150)} · ${PRODUCT_NAME}`,
    heading: title,
    paragraphs: [message],
    action,
    footnote: `You get this alert because it is on for your ${PRODUCT_NAME} account. Switch alerts on or off in your profile's Settings tab.`,
  })
}
