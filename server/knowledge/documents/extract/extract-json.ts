import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import { ExtractionError } from './extraction-error.ts'
import { formatCount } from './extraction-limits.ts'

export interface JsonLimits {
  maxDepth: number
  maxTextCharacters: number
  /** Stop once this much text is in hand (an attachment's answer reads only its start). */
  enoughCharacters?: number
}

interface FlattenOptions {
  record: unknown
  path: string
  limits: JsonLimits
  budget: { characters: number; isEnough: boolean }
}

/** The lines of one record, depth first in document order, with an explicit stack: no nesting can overflow it. */
function flatten({ record, path, limits, budget }: FlattenOptions) {
  const lines: string[] = []
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: record, path, depth: 0 }]
  while (pending.length > 0) {
    const { value, path: at, depth } = pending.pop()!
    if (depth > limits.maxDepth)
      throw new ExtractionError(
        `This JSON file nests deeper than ${formatCount(limits.maxDepth)} levels: flatten it, or upload its records as CSV.`,
      )
    if (value !== null && typeof value === 'object') {
      const children = Array.isArray(value)
        ? value.map((item, index) => [`${at}[${index}]`, item] as const)
        : Object.entries(value).map(([key, item]) => [at ? `${at}.${key}` : key, item] as const)
      for (let index = children.length - 1; index >= 0; index--)
        pending.push({ value: children[index]![1], path: children[index]![0], depth: depth + 1 })
      continue
    }
    const line = `${at || '(value)'}: ${String(value).replace(/\s+/g, ' ')}`
    budget.characters += line.length + 1
    if (budget.characters > limits.maxTextCharacters)
      throw new ExtractionError(
        `This JSON file gives more than ${formatCount(limits.maxTextCharacters)} characters of text: split it into smaller files.`,
      )
    lines.push(line)
    if (limits.enoughCharacters && budget.characters >= limits.enoughCharacters) {
      budget.isEnough = true
      break
    }
  }
  return lines
}

/**
 * JSON becomes `path: value` lines (products[3].price: 12), one paragraph per top-level record, so a
 * passage always says which record and field a value belongs to.
 */
export function extractJson(text: string, name: string, limits: JsonLimits): ExtractedSection[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    if (error instanceof RangeError)
      throw new ExtractionError(
        `This JSON file nests deeper than ${formatCount(limits.maxDepth)} levels: flatten it, or upload its records as CSV.`,
      )
    throw new ExtractionError('The file is not valid JSON.')
  }
  const records = Array.isArray(data)
    ? data.map((item, index) => [`[${index}]`, item] as const)
    : data && typeof data === 'object'
      ? Object.entries(data)
      : [['', data] as const]
  const budget = { characters: 0, isEnough: false }
  const paragraphs: string[] = []
  for (const [key, item] of records) {
    if (budget.isEnough) break
    paragraphs.push(flatten({ record: item, path: String(key), limits, budget }).join('\n'))
  }
  const content = paragraphs.filter(Boolean).join('\n\n')
  if (!content.trim()) throw new ExtractionError('The JSON file holds no values.')
  return [{ title: name, content }]
}
