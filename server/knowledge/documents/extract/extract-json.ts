import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import { ExtractionError } from './extraction-error.ts'

function flatten(value: unknown, path: string, lines: string[]) {
  if (Array.isArray(value)) value.forEach((item, index) => flatten(item, `${path}[${index}]`, lines))
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key, lines)
  else lines.push(`${path || '(value)'}: ${String(value).replace(/\s+/g, ' ')}`)
}

/**
 * JSON becomes `path: value` lines (products[3].price: 12), one paragraph per top-level record, so a
 * passage always says which record and field a value belongs to.
 */
export function extractJson(text: string, name: string): ExtractedSection[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new ExtractionError('The file is not valid JSON.')
  }
  const records = Array.isArray(data) ? data.map((item, index) => [`[${index}]`, item] as const) : data && typeof data === 'object' ? Object.entries(data) : [['', data] as const]
  const paragraphs = records.map(([key, item]) => {
    const lines: string[] = []
    flatten(item, String(key), lines)
    return lines.join('\n')
  })
  const content = paragraphs.filter(Boolean).join('\n\n')
  if (!content.trim()) throw new ExtractionError('The JSON file holds no values.')
  return [{ title: name, content }]
}
