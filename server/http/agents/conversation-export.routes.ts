import { once } from 'node:events'
import { Router, type RequestHandler } from 'express'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import { CONVERSATIONS_CSV_HEADER, conversationCsvRows } from '../../conversations/conversations-csv.ts'
import { ConversationExportQuerySchema } from '../../conversations/conversations.schemas.ts'
import { exportConversations, type ExportedConversation } from '../../conversations/export-conversations.ts'
import type { Database } from '../../db/database.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'
import { sendCsv } from '../send-csv.ts'

async function* csvLines(conversations: AsyncIterable<ExportedConversation>) {
  for await (const conversation of conversations) yield conversationCsvRows(conversation)
}

/** An agent's conversations as one file (issue 21): JSON (the default) or CSV, one line per message. */
export function conversationExportRoutes({
  database,
  signedIn,
}: {
  database: Database
  signedIn: RequestHandler
}): Router {
  const router = Router()
  router.get('/agents/:agentId/conversations/export/', signedIn, async (req, res) => {
    const agentId = parseIdParam(req.params.agentId, AGENT_NOT_FOUND)
    const { format } = ConversationExportQuerySchema.parse(req.query)
    const conversations = exportConversations(database, { actor: actorOf(res), agentId })
    if (format === 'csv') {
      await sendCsv(res, {
        fileName: `conversations-${agentId}.csv`,
        header: CONVERSATIONS_CSV_HEADER,
        lines: csvLines(conversations),
      })
      return
    }
    // The first read before anything is sent: a refusal still answers as an error.
    const first = await conversations.next()
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="conversations-${agentId}.json"`)
    res.setHeader('Cache-Control', 'no-store')
    const send = async (text: string) => {
      if (!res.write(text)) await once(res, 'drain')
    }
    await send(
      `{"agent_id":${JSON.stringify(agentId)},"exported_at":${JSON.stringify(new Date().toISOString())},"conversations":[`,
    )
    let separator = ''
    for (let next = first; !next.done && !res.destroyed; next = await conversations.next()) {
      await send(separator + JSON.stringify(next.value))
      separator = ','
    }
    res.end(']}')
  })
  return router
}
