// Before a token is kept: Meta is asked, with the token, what it is. A refused token is a 400 with Meta's
// reason; a token that is not the named number's, Page's or account's is refused the same way.
import { AppError } from '../errors/app-error.ts'
import type { ChannelKind } from './channels.schemas.ts'
import { getFromGraph, type MetaGraph } from './meta/meta-graph.ts'

export interface TokenToCheck {
  kind: ChannelKind
  externalId: string
  accessToken: string
}

/**
 * How each kind's token is asked what it is. A Page's token and an Instagram Login token answer `/me` as
 * the Page or account itself (a token that can merely read a public Page answers as someone else); a
 * number is read by its id, which only a token of its WhatsApp Business Account may do.
 */
const READ_BY_KIND: Record<
  ChannelKind,
  {
    path(externalId: string): string
    fields: string
    idOf(body: Record<string, unknown>): unknown
    nameOf(body: Record<string, unknown>): unknown
  }
> = {
  whatsapp: {
    path: (externalId) => encodeURIComponent(externalId),
    fields: 'id,display_phone_number,verified_name',
    idOf: (body) => body.id,
    nameOf: (body) => body.verified_name ?? body.display_phone_number,
  },
  messenger: { path: () => 'me', fields: 'id,name', idOf: (body) => body.id, nameOf: (body) => body.name },
  // Instagram Login: `id` is app-scoped; `user_id` is the account id webhooks name.
  instagram: {
    path: () => 'me',
    fields: 'user_id,username',
    idOf: (body) => body.user_id,
    nameOf: (body) => body.username,
  },
}

/** Answers the name Meta gives what the token is under the id; throws AppError otherwise. */
export async function checkChannelToken(graph: MetaGraph, { kind, externalId, accessToken }: TokenToCheck) {
  const host = kind === 'instagram' ? graph.instagramUrl : graph.graphUrl
  const read = READ_BY_KIND[kind]
  const body = await getFromGraph({ host, version: graph.version, accessToken }, read.path(externalId), read.fields)
  if (String(read.idOf(body)) !== externalId)
    throw new AppError('BAD_REQUEST', `Meta refused the token: it is not the token of ${externalId}`)
  const name = read.nameOf(body)
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : externalId
}
