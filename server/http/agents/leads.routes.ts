import { Router, type RequestHandler } from 'express'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import { LEADS_CSV_HEADER, leadCsvRow } from '../../leads/leads-csv.ts'
import { eraseLead } from '../../leads/erase-lead.ts'
import { ERASURE_MESSAGES } from '../../leads/erasure.schemas.ts'
import { LeadListQuerySchema } from '../../leads/leads.schemas.ts'
import { previewLeadErasure } from '../../leads/preview-lead-erasure.ts'
import { allLeads, listLeads } from '../../leads/list-leads.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'
import { sendCsv } from '../send-csv.ts'
import type { LeadView } from '../../leads/leads.schemas.ts'

async function* csvLines(leads: AsyncIterable<LeadView>) {
  for await (const lead of leads) yield leadCsvRow(lead)
}

export interface LeadRoutesOptions {
  database: Database
  storage: FileStorage
  logger: Logger
  signedIn: RequestHandler
}

/**
 * An agent's leads (issue 21): a page as JSON, or every one that matches as CSV (?format=csv); a lead
 * erased with everything kept about that visitor (issue 36).
 */
export function leadRoutes({ database, storage, logger, signedIn }: LeadRoutesOptions): Router {
  const router = Router()
  router.get('/agents/:agentId/leads/', signedIn, async (req, res) => {
    const agentId = parseIdParam(req.params.agentId, AGENT_NOT_FOUND)
    const query = LeadListQuerySchema.parse(req.query)
    const actor = actorOf(res)
    if (query.format === 'json') {
      res.json(await listLeads(database, { actor, agentId, query }))
      return
    }
    await sendCsv(res, {
      fileName: `leads-${agentId}.csv`,
      header: LEADS_CSV_HEADER,
      lines: csvLines(allLeads(database, { actor, agentId, query })),
    })
  })
  router.get('/agents/:agentId/leads/:leadId/erasure/', signedIn, async (req, res) => {
    const agentId = parseIdParam(req.params.agentId, AGENT_NOT_FOUND)
    const leadId = parseIdParam(req.params.leadId, ERASURE_MESSAGES.leadNotFound)
    res.json(await previewLeadErasure(database, { actor: actorOf(res), agentId, leadId }))
  })
  router.delete('/agents/:agentId/leads/:leadId/', signedIn, async (req, res) => {
    const agentId = parseIdParam(req.params.agentId, AGENT_NOT_FOUND)
    const leadId = parseIdParam(req.params.leadId, ERASURE_MESSAGES.leadNotFound)
    res.json(await eraseLead(database, { storage, logger, actor: actorOf(res), agentId, leadId }))
  })
  return router
}
