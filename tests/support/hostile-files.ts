// Files an attacker would upload, built in the test: small on the wire, ruinous to read naively.
import { crc32, createDeflate, createDeflateRaw } from 'node:zlib'

interface ZipPart {
  name: string
  compressed: Buffer
  size: number
  crc: number
}

async function deflatePart(name: string, chunks: Iterable<Buffer>, { raw = true } = {}): Promise<ZipPart> {
  const deflate = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 })
  const output: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => output.push(chunk))
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject))
  let size = 0
  let crc = 0
  for (const chunk of chunks) {
    size += chunk.length
    crc = crc32(chunk, crc)
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  return { name, compressed: Buffer.concat(output), size, crc }
}

/** A zip of deflated parts; `declaredSizes` lets a part claim another unpacked size (bombs lie). */
function writeZip(parts: ZipPart[], declaredSizes: Record<string, number> = {}) {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const part of parts) {
    const name = Buffer.from(part.name)
    const size = declaredSizes[part.name] ?? part.size
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(part.crc >>> 0, 14)
    local.writeUInt32LE(part.compressed.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(part.crc >>> 0, 16)
    central.writeUInt32LE(part.compressed.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, part.compressed)
    centrals.push(central, name)
    offset += local.length + name.length + part.compressed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'

function* repeatedParagraphs(megabytes: number) {
  yield Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>`)
  const paragraph = `<w:p><w:r><w:t>${'A'.repeat(200)}</w:t></w:r></w:p>`
  const chunk = Buffer.from(paragraph.repeat(Math.ceil(1_048_576 / paragraph.length)))
  for (let written = 0; written < megabytes * 1_048_576; written += chunk.length) yield chunk
  yield Buffer.from('</w:body></w:document>')
}

/**
 * The attack of the report: a .docx whose word/document.xml inflates to `expandedMb` MB of paragraphs
 * (300 MB fits in about 1 MB). With `declaredKb`, the zip claims that size instead of the real one.
 */
export async function wordBomb({
  expandedMb,
  declaredKb,
}: {
  expandedMb: number
  declaredKb?: number
}): Promise<Buffer> {
  const parts = [
    await deflatePart('[Content_Types].xml', [Buffer.from(CONTENT_TYPES)]),
    await deflatePart('_rels/.rels', [Buffer.from(RELS)]),
    await deflatePart('word/document.xml', repeatedParagraphs(expandedMb)),
  ]
  return writeZip(parts, declaredKb === undefined ? {} : { 'word/document.xml': declaredKb * 1024 })
}

/** A valid PDF of `pages` pages, one short line each, written in linear time (the fixture for a few pages is quadratic). */
export function manyPagePdf(pages: number): Buffer {
  const chunks: string[] = []
  const offsets: number[] = []
  let length = 0
  const add = (text: string) => {
    chunks.push(text)
    length += Buffer.byteLength(text, 'latin1')
  }
  const object = (id: number, body: string) => {
    offsets[id] = length
    add(`${id} 0 obj\n${body}\nendobj\n`)
  }
  add('%PDF-1.4\n')
  object(1, '<< /Type /Catalog /Pages 2 0 R >>')
  object(
    2,
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, index) => `${4 + index * 2} 0 R`).join(' ')}] /Count ${pages} >>`,
  )
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
  for (let index = 0; index < pages; index++) {
    const stream = `BT /F1 12 Tf 72 720 Td (Page ${index + 1} of the endless manual.) Tj ET`
    object(
      4 + index * 2,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`,
    )
    object(5 + index * 2, `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`)
  }
  const count = 4 + pages * 2
  const xref = length
  add(`xref\n0 ${count}\n0000000000 65535 f \n`)
  for (let id = 1; id < count; id++) add(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`)
  add(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)
  return Buffer.from(chunks.join(''), 'latin1')
}

function* spacesThenText(megabytes: number) {
  const spaces = Buffer.alloc(1_048_576, ' ')
  for (let index = 0; index < megabytes; index++) yield spaces
  yield Buffer.from('BT /F1 12 Tf 72 720 Td (The end of a very long stream.) Tj ET')
}

/**
 * A one-page PDF whose content stream (FlateDecode) inflates to `expandedMb` MB, nearly all spaces: a
 * reader keeps decoded streams in buffers outside the JavaScript heap, so its heap cap alone misses it.
 */
export async function pdfStreamBomb(expandedMb: number): Promise<Buffer> {
  const { compressed } = await deflatePart('content', spacesThenText(expandedMb), { raw: false })
  const head = [
    '%PDF-1.4\n',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [4 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n',
    '4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>\nendobj\n',
  ]
  // Object n starts where the parts before it end (the header is part 0).
  const offsets = head
    .slice(1)
    .map((_part, index) => head.slice(0, index + 1).reduce((sum, part) => sum + Buffer.byteLength(part, 'latin1'), 0))
  const objectsLength = head.reduce((sum, part) => sum + Buffer.byteLength(part, 'latin1'), 0)
  const streamHead = Buffer.from(`5 0 obj\n<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1')
  const streamTail = Buffer.from('\nendstream\nendobj\n', 'latin1')
  const xrefAt = objectsLength + streamHead.length + compressed.length + streamTail.length
  const xref = `xref\n0 6\n0000000000 65535 f \n${[...offsets, objectsLength].map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return Buffer.concat([
    Buffer.from(head.join(''), 'latin1'),
    streamHead,
    compressed,
    streamTail,
    Buffer.from(xref, 'latin1'),
  ])
}

/** JSON nested `depth` levels deep: [[[[...]]]]. */
export const deepJson = (depth: number) => Buffer.from(`${'['.repeat(depth)}1${']'.repeat(depth)}`)

/** A CSV of `rows` product rows. */
export function productCsv(rows: number): Buffer {
  const lines = ['sku,name,price,stock']
  for (let index = 0; index < rows; index++)
    lines.push(`SKU-${index},Lamp model ${index},${(index % 500) + 0.99},${index % 40}`)
  return Buffer.from(lines.join('\n'))
}
