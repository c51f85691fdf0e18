import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import type { DocumentFormat } from './detect-document-format.ts'
import { extractCsv } from './extract-csv.ts'
import { extractDocx } from './extract-docx.ts'
import { extractJson } from './extract-json.ts'
import { extractPdf } from './extract-pdf.ts'
import { ExtractionError } from './extraction-error.ts'

/** A document's text as sections; an ExtractionError says why it cannot be read. */
export async function extractDocumentSections(bytes: Buffer, format: DocumentFormat, name: string): Promise<ExtractedSection[]> {
  if (bytes.length === 0) throw new ExtractionError('The file is empty.')
  if (format === 'pdf') return extractPdf(bytes, name)
  if (format === 'docx') return extractDocx(bytes, name)
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  if (format === 'csv') return extractCsv(text, name)
  if (format === 'json') return extractJson(text, name)
  if (!text.trim()) throw new ExtractionError('The file has no text.')
  return [{ title: name, content: text }]
}
