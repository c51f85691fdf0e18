import { extractText, getDocumentProxy } from 'unpdf'
import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import { ExtractionError } from './extraction-error.ts'

/** One section per page, keeping page numbers for citations. */
export async function extractPdf(bytes: Buffer, name: string): Promise<ExtractedSection[]> {
  let pages: string[]
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes))
    pages = (await extractText(pdf, { mergePages: false })).text
    await pdf.cleanup()
  } catch (error) {
    const reason = error instanceof Error ? `${error.name} ${error.message}` : String(error)
    if (/password/i.test(reason)) throw new ExtractionError('The PDF is password-protected: upload a copy without a password.')
    throw new ExtractionError('The file is not a readable PDF (it may be damaged).')
  }
  const sections = pages
    .map((text, index) => ({ title: name, pageNumber: index + 1, content: text.replace(/[ \t]+\n/g, '\n').trim() }))
    .filter((section) => section.content.length > 0)
  if (sections.length === 0) throw new ExtractionError('The PDF has no text to read (a scanned image would need OCR, which is not supported).')
  return sections
}
