import mammoth from 'mammoth'
import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import { ExtractionError } from './extraction-error.ts'
import { measureZipExpansion } from './measure-zip-expansion.ts'

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
}
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
const stripTags = (html: string) => decode(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '')).trim()

// mammoth's HTML keeps the structure that matters for chunking: headings become '#' lines, table rows
// become '| a | b |' lines, paragraphs and list items become paragraphs.
function htmlToStructuredText(html: string) {
  return html
    .replace(
      /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi,
      (_match, level: string, inner: string) => `\n\n${'#'.repeat(Number(level))} ${stripTags(inner)}\n\n`,
    )
    .replace(
      /<tr[^>]*>([\s\S]*?)<\/tr>/gi,
      (_match, row: string) =>
        `\n| ${[...row.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/gi)]
          .map((cell) =>
            stripTags(cell[1] ?? '')
              .replace(/\|/g, '/')
              .replace(/\s+/g, ' '),
          )
          .join(' | ')} |\n`,
    )
    .replace(/<\/(p|li|table)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

// Pictures carry no text to answer from: they are left unread rather than turned into data URIs.
const skipImages = mammoth.images.imgElement(async () => ({ src: '' }))

export async function extractDocx(bytes: Buffer, name: string, maxExpandedBytes: number): Promise<ExtractedSection[]> {
  await measureZipExpansion(bytes, maxExpandedBytes)
  let html: string
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes }, { convertImage: skipImages })).value
  } catch {
    throw new ExtractionError(
      'The file is not a readable Word document (.docx); it may be damaged, password-protected, or an old .doc.',
    )
  }
  const content = htmlToStructuredText(html)
  if (!content) throw new ExtractionError('The Word document has no text.')
  return [{ title: name, content }]
}
