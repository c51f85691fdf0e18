import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import type { DocumentFormat } from './detect-document-format.ts'
import { extractCsv } from './extract-csv.ts'
import { extractDocx } from './extract-docx.ts'
import { extractJson } from './extract-json.ts'
import { extractPdf } from './extract-pdf.ts'
import { ExtractionError } from './extraction-error.ts'
import { formatCount, type ExtractionLimits } from './extraction-limits.ts'

const SECTION_CHARACTERS = 50_000

// Long texts are split into sections of about 50,000 characters at paragraph (else line) boundaries:
// indexing then goes a section at a time, progress moves, and a changed part re-indexes alone.
function splitLongSection(section: ExtractedSection): ExtractedSection[] {
  if (section.content.length <= SECTION_CHARACTERS) return [section]
  const parts: string[] = []
  let rest = section.content
  while (rest.length > SECTION_CHARACTERS) {
    const window = rest.slice(0, SECTION_CHARACTERS)
    const paragraph = window.lastIndexOf('\n\n')
    const line = window.lastIndexOf('\n')
    const cut =
      paragraph > SECTION_CHARACTERS / 2 ? paragraph : line > SECTION_CHARACTERS / 2 ? line : SECTION_CHARACTERS
    parts.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trim()
  }
  if (rest) parts.push(rest)
  return parts.map((content, index) => ({ ...section, title: `${section.title} (part ${index + 1})`, content }))
}

interface ExtractWholeOptions {
  bytes: Buffer
  format: DocumentFormat
  name: string
  limits: ExtractionLimits
}

async function extractWhole({ bytes, format, name, limits }: ExtractWholeOptions): Promise<ExtractedSection[]> {
  if (format === 'pdf') return extractPdf(bytes, name, limits)
  if (format === 'docx') return extractDocx(bytes, name, limits.maxExpandedBytes)
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  if (format === 'csv') return extractCsv(text, name, limits)
  if (format === 'json')
    return extractJson(text, name, {
      maxDepth: limits.maxJsonDepth,
      maxTextCharacters: limits.maxTextCharacters,
      enoughCharacters: limits.enoughCharacters,
    })
  if (!text.trim()) throw new ExtractionError('The file has no text.')
  return [{ title: name, content: limits.enoughCharacters ? text.slice(0, limits.enoughCharacters) : text }]
}

export interface ExtractDocumentSectionsOptions {
  bytes: Buffer
  format: DocumentFormat
  name: string
  limits: ExtractionLimits
}

/**
 * A document's text as sections, within the limits; an ExtractionError says why it cannot be read.
 * Runs anywhere, but the server calls it through extractInWorker, off its event loop.
 */
export async function extractDocumentSections({
  bytes,
  format,
  name,
  limits,
}: ExtractDocumentSectionsOptions): Promise<ExtractedSection[]> {
  if (bytes.length === 0) throw new ExtractionError('The file is empty.')
  const sections = await extractWhole({ bytes, format, name, limits })
  const characters = sections.reduce((sum, section) => sum + section.content.length, 0)
  if (characters > limits.maxTextCharacters && !limits.enoughCharacters)
    throw new ExtractionError(
      `This file gives more than ${formatCount(limits.maxTextCharacters)} characters of text: split it into smaller files.`,
    )
  return sections.flatMap(splitLongSection)
}
