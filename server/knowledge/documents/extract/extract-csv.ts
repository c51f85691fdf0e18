import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import { ExtractionError } from './extraction-error.ts'
import { formatCount } from './extraction-limits.ts'

export interface CsvLimits {
  maxRows: number
  maxTextCharacters: number
  /** Stop reading once this much text is in hand (an attachment's answer reads only its start). */
  enoughCharacters?: number
}

/**
 * RFC 4180 records, one at a time: commas (or semicolons or tabs, whichever the header uses most),
 * quotes, doubled quotes, newlines in quotes. Blank records are skipped.
 */
function* readCsvRecords(text: string): Generator<string[]> {
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length)
  const delimiter = [',', ';', '\t'].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0] ?? ','
  let row: string[] = []
  let field = ''
  let inQuotes = false
  const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '')
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (inQuotes) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"'
        index++
      } else if (character === '"') inQuotes = false
      else field += character
    } else if (character === '"') inQuotes = true
    else if (character === delimiter) {
      row.push(field)
      field = ''
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index++
      row.push(field)
      field = ''
      if (!isBlank(row)) yield row
      row = []
    } else field += character
  }
  if (field || row.length > 0) {
    row.push(field)
    if (!isBlank(row)) yield row
  }
}

const cell = (value: string) => value.replace(/\s+/g, ' ').replace(/\|/g, '/').trim()

const SECTION_CHARACTERS = 50_000

/**
 * Every row becomes one self-describing line, `| column: value | column: value |`, so a passage about a
 * row always carries the column names a question about the table will use. Rows become lines, and
 * lines sections of about 50,000 characters, as they are read: the table is never held whole.
 */
export function extractCsv(text: string, name: string, limits: CsvLimits): ExtractedSection[] {
  const records = readCsvRecords(text)
  const header = records.next()
  if (header.done) throw new ExtractionError('The CSV file has no rows under its header.')
  const columns = header.value.map((column, index) => cell(column) || `column ${index + 1}`)
  const parts: string[] = []
  let lines: string[] = []
  let partCharacters = 0
  let characters = 0
  let rowCount = 0
  const endPart = () => {
    if (lines.length > 0) parts.push(lines.join('\n'))
    lines = []
    partCharacters = 0
  }
  for (const row of records) {
    if (rowCount >= limits.maxRows) {
      if (limits.enoughCharacters) break
      throw new ExtractionError(
        `This CSV file has more than ${formatCount(limits.maxRows)} rows: split it into smaller files.`,
      )
    }
    rowCount++
    const line = `| row ${rowCount} | ${columns.map((column, index) => `${column}: ${cell(row[index] ?? '')}`).join(' | ')} |`
    characters += line.length + 1
    if (characters > limits.maxTextCharacters)
      throw new ExtractionError(
        `This CSV file gives more than ${formatCount(limits.maxTextCharacters)} characters of text: split it into smaller files.`,
      )
    if (partCharacters + line.length > SECTION_CHARACTERS) endPart()
    lines.push(line)
    partCharacters += line.length + 1
    if (limits.enoughCharacters && characters >= limits.enoughCharacters) break
  }
  endPart()
  if (parts.length === 0) throw new ExtractionError('The CSV file has no rows under its header.')
  if (parts.length === 1) return [{ title: name, content: parts[0]! }]
  return parts.map((content, index) => ({ title: `${name} (part ${index + 1})`, content }))
}
