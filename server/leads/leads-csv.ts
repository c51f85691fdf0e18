import { csvRow } from '../csv/csv-row.ts'
import type { LeadView } from './leads.schemas.ts'

const COLUMNS = ['email', 'name', 'page_url', 'website_name', 'conversation_id', 'created_at'] as const

export const LEADS_CSV_HEADER = csvRow([...COLUMNS])

export function leadCsvRow(lead: LeadView) {
  return csvRow(COLUMNS.map((column) => lead[column]))
}
