import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import { ExtractionError } from './extraction-error.ts'

/** RFC 4180 fields: commas (or semicolons or tabs, whichever the header uses most), quotes, doubled quotes, newlines in quotes. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length)
  const delimiter = [',', ';', '\t'].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0] ?? ','
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let inQuotes = false
  const endField = () => {
    row.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    rows.push(row)
    row = []
  }
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (inQuotes) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"'
        index++
      } else if (character === '"') inQuotes = false
      else field += character
    } else if (character === '"') inQuotes = true
    else if (character === delimiter) endField()
    else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index++
      endRow()
    } else field += character
  }
  if (field || row.length > 0) endRow()
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
}

const cell = (value: string) => value.replace(/\s+/g, ' ').replace(/\|/g, '/').trim()

/**
 * Every row becomes one self-describing line, `| column: value | column: value |`, so a passage about a
 * row always carries the column names a question about the table will use.
 */
export function extractCsv(text: string, name: string): ExtractedSection[] {
  const [header, ...rows] = parseCsv(text)
  if (!header || rows.length === 0) throw new ExtractionError('The CSV file has no rows under its header.')
  const columns = header.map((column, index) => cell(column) || `column ${index + 1}`)
  const lines = rows.map((row, rowIndex) => `| row ${rowIndex + 1} | ${columns.map((column, index) => `${column}: ${cell(row[index] ?? '')}`).join(' | ')} |`)
  return [{ title: name, content: lines.join('\n') }]
}
