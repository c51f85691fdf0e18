import { getDocumentProxy } from 'unpdf'
import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import { ExtractionError } from './extraction-error.ts'
import { formatCount } from './extraction-limits.ts'

export interface PdfLimits {
  maxPages: number
  maxTextCharacters: number
  /** Stop reading once this much text is in hand (an attachment's answer reads only its start). */
  enoughCharacters?: number
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

function unreadable(error: unknown): ExtractionError {
  const reason = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  if (/password/i.test(reason))
    return new ExtractionError('The PDF is password-protected: upload a copy without a password.')
  return new ExtractionError('The file is not a readable PDF (it may be damaged).')
}

async function pageText(pdf: PdfDocument, pageNumber: number) {
  const page = await pdf.getPage(pageNumber)
  const content = await page.getTextContent()
  page.cleanup() // its fonts and operator lists are not needed again
  return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('')
}

/**
 * One section per page, keeping page numbers for citations. Pages are read one after another, so time
 * and memory grow with the page count, not faster (reading every page at once did).
 */
export async function extractPdf(bytes: Buffer, name: string, limits: PdfLimits): Promise<ExtractedSection[]> {
  let pdf: PdfDocument
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), { verbosity: 0 })
  } catch (error) {
    throw unreadable(error)
  }
  const tooLong = !limits.enoughCharacters && pdf.numPages > limits.maxPages
  if (tooLong)
    throw new ExtractionError(
      `This PDF has more than ${formatCount(limits.maxPages)} pages (it has ${formatCount(pdf.numPages)}): split it into smaller files.`,
    )
  const sections: ExtractedSection[] = []
  let characters = 0
  try {
    for (let pageNumber = 1; pageNumber <= Math.min(pdf.numPages, limits.maxPages); pageNumber++) {
      const content = (await pageText(pdf, pageNumber)).replace(/[ \t]+\n/g, '\n').trim()
      if (!content) continue
      characters += content.length
      if (characters > limits.maxTextCharacters)
        throw new ExtractionError(
          `This PDF gives more than ${formatCount(limits.maxTextCharacters)} characters of text: split it into smaller files.`,
        )
      sections.push({ title: name, pageNumber, content })
      if (limits.enoughCharacters && characters >= limits.enoughCharacters) break
    }
  } catch (error) {
    throw error instanceof ExtractionError ? error : unreadable(error)
  } finally {
    await pdf.loadingTask.destroy().catch(() => {})
  }
  if (sections.length === 0)
    throw new ExtractionError('The PDF has no text to read (a scanned image would need OCR, which is not supported).')
  return sections
}
