import { once } from 'node:events'
import { Router, type RequestHandler } from 'express'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import { LEADS_CSV_HEADER, leadCsvRow } from '../../leads/leads-csv.ts'
import { LeadListQuerySchema } from '../../leads/leads.schemas.ts'
import { allLeads, listLeads } from '../../leads/list-leads.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'

/** An agent's leads (issue 21): a page as JSON, or every one that matches as CSV (?format=csv). */
export function leadRoutes({ database, signedIn }: { database: Database; signedIn: RequestHandler }): Router {
  const router = Router()
  router.get('/agents/:agentId/leads/', signedIn, async (req, res) => {
    const agentId = parseIdParam(req.params.agentId, AGENT_NOT_FOUND)
    const query = LeadListQuerySchema.parse(req.query)
    const actor = actorOf(res)
    if (query.format === 'json') {
      res.json(await listLeads(database, { actor, agentId, query }))
      return
    }
    const rows = allLeads(database, { actor, agentId, query })
    // The first page first: a refusal (404, 403) still answers as JSON, before any CSV is sent.
    const first = await rows.next()
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="leads-${agentId}.csv"`)
    res.setHeader('Cache-Control', 'no-store')
    // Written as the client reads: a slow reader pauses the reading, one that left stops it.
    const send = async (text: string) => {
      if (!res.write(text)) await once(res, 'drain')
    }
    await send(LEADS_CSV_HEADER)
    if (!first.done) await send(leadCsvRow(first.value))
    for await (const lead of rows) {
      if (res.destroyed) break
      await send(leadCsvRow(lead))
    }
    res.end()
  })
  return router
}
