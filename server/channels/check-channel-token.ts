// Before a token is kept: Meta is asked, with the token, for what it says it reaches. A refused token is
// a 400 with Meta's reason; an id the token does not reach is refused the same way.
import { AppError } from '../errors/app-error.ts'
import type { ChannelKind } from './channels.schemas.ts'
import { getFromGraph, type MetaGraph } from './meta/meta-graph.ts'

export interface TokenToCheck {
  kind: ChannelKind
  externalId: string
  accessToken: string
}

/** Where each kind is read, the fields asked for, and the name shown. */
const READ_BY_KIND: Record<ChannelKind, { fields: string; nameOf(body: Record<string, unknown>): unknown }> = {
  whatsapp: {
    fields: 'id,display_phone_number,verified_name',
    nameOf: (body) => body.verified_name ?? body.display_phone_number,
  },
  messenger: { fields: 'id,name', nameOf: (body) => body.name },
  instagram: { fields: 'id,username', nameOf: (body) => body.username },
}

/** Answers the name Meta gives what the token reaches under the id; throws AppError otherwise. */
export async function checkChannelToken(graph: MetaGraph, { kind, externalId, accessToken }: TokenToCheck) {
  const host = kind === 'instagram' ? graph.instagramUrl : graph.graphUrl
  const read = READ_BY_KIND[kind]
  const body = await getFromGraph(
    { host, version: graph.version, accessToken },
    encodeURIComponent(externalId),
    read.fields,
  )
  if (String(body.id) !== externalId)
    throw new AppError('BAD_REQUEST', `Meta refused the token: it does not reach ${externalId}`)
  const name = read.nameOf(body)
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : externalId
}
