import { jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../errors/app-error.ts'

const AUDIENCE = 'document-download'
const LINK_LIFETIME_SECONDS = 300

/**
 * A link that downloads one document for five minutes without any other credential, for a browser
 * to open (an <a href> cannot send an Authorization header). Never the access token in a URL.
 */
export async function signDownloadLink(key: Buffer, documentId: string) {
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_SECONDS * 1000)
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(documentId)
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key)
  return { url: `/api/documents/download/?token=${token}`, expires_at: expiresAt.toISOString() }
}

export async function verifyDownloadLink(key: Buffer, token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE })
    if (typeof payload.sub !== 'string') throw new Error('no subject')
    return payload.sub
  } catch {
    throw new AppError('NOT_FOUND', 'This download link is invalid or has expired.')
  }
}
