export interface ChunkOptions {
  /** Target chunk length in characters (about 4 characters a token). */
  size: number
  /** Characters repeated from the end of one chunk at the start of the next, so no sentence is cut off from its context. */
  overlap: number
}

export interface Chunk {
  content: string
  /** The nearest heading above the chunk, for citations. */
  heading: string | undefined
}

const HEADING = /^(#{1,6})\s+(.+)$/
const TABLE_ROW = /^\s*\|.*\|\s*$/

interface Block {
  text: string
  heading: string | undefined
  isTableRow: boolean
}

// Blocks are the units chunks are made of: paragraphs (blank-line separated), table rows (one row each,
// so a row is never split), and headings (kept as context for what follows, not as content).
function splitIntoBlocks(text: string): Block[] {
  const blocks: Block[] = []
  let heading: string | undefined
  let paragraph: string[] = []
  const flush = () => {
    const joined = paragraph.join('\n').trim()
    if (joined) blocks.push({ text: joined, heading, isTableRow: false })
    paragraph = []
  }
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const headingMatch = HEADING.exec(line.trim())
    if (headingMatch) {
      flush()
      heading = headingMatch[2]?.trim()
    } else if (TABLE_ROW.test(line)) {
      flush()
      blocks.push({ text: line.trim(), heading, isTableRow: true })
    } else if (line.trim() === '') {
      flush()
    } else {
      paragraph.push(line)
    }
  }
  flush()
  return blocks
}

// A block longer than a chunk is cut at sentence ends, else at spaces, else anywhere.
function splitLongText(text: string, size: number): string[] {
  if (text.length <= size) return [text]
  const pieces: string[] = []
  let rest = text
  while (rest.length > size) {
    const window = rest.slice(0, size)
    const cut = Math.max(
      window.lastIndexOf('. '),
      window.lastIndexOf('? '),
      window.lastIndexOf('! '),
      window.lastIndexOf('\n'),
    )
    const at = cut > size * 0.5 ? cut + 1 : window.lastIndexOf(' ') > size * 0.5 ? window.lastIndexOf(' ') : size
    pieces.push(rest.slice(0, at).trim())
    rest = rest.slice(at).trim()
  }
  if (rest) pieces.push(rest)
  return pieces
}

function tailOf(text: string, length: number) {
  if (length <= 0 || text.length <= length) return length <= 0 ? '' : text
  const tail = text.slice(-length)
  const space = tail.indexOf(' ')
  return space >= 0 ? tail.slice(space + 1) : tail
}

/**
 * Splits a section into chunks that follow its structure: chunks never mix two headings' content,
 * table rows stay whole (and carry the table's header row), paragraphs are joined up to `size`, and each
 * chunk after the first of a heading repeats the last `overlap` characters of the one before.
 */
export function chunkSection(text: string, options: ChunkOptions): Chunk[] {
  const chunks: Chunk[] = []
  let current = ''
  let currentHeading: string | undefined
  let tableHeader: string | undefined
  const push = () => {
    if (current.trim()) chunks.push({ content: current.trim(), heading: currentHeading })
  }
  for (const block of splitIntoBlocks(text)) {
    if (block.heading !== currentHeading) {
      push()
      current = ''
      currentHeading = block.heading
      tableHeader = undefined
    }
    if (block.isTableRow && !tableHeader) tableHeader = block.text
    else if (!block.isTableRow) tableHeader = undefined
    for (const piece of splitLongText(block.text, options.size)) {
      const separator = current ? (block.isTableRow ? '\n' : '\n\n') : ''
      if (current && current.length + separator.length + piece.length > options.size) {
        push()
        const repeated =
          block.isTableRow && tableHeader && piece !== tableHeader ? tableHeader : tailOf(current, options.overlap)
        current = repeated ? `${repeated}${block.isTableRow ? '\n' : ' '}${piece}` : piece
      } else {
        current = `${current}${separator}${piece}`
      }
    }
  }
  push()
  return chunks
}
