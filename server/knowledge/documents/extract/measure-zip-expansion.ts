import { createInflateRaw } from 'node:zlib'
import { ExtractionError } from './extraction-error.ts'
import { formatCount } from './extraction-limits.ts'

interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  declaredSize: number
  localHeaderOffset: number
}

const NOT_A_ZIP =
  'The file is not a readable Word document (.docx); it may be damaged, password-protected, or an old .doc.'
const MB = 1024 * 1024

const expandsTooFar = (maxBytes: number) =>
  new ExtractionError(
    `This file expands to more than ${formatCount(Math.floor(maxBytes / MB))} MB when unpacked, more than a document needs: it may be a zip bomb. Save it again without embedded files, or split it.`,
  )

function endOfCentralDirectory(bytes: Buffer) {
  // The record is 22 bytes plus a comment of up to 65,535, at the very end.
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 65_535); offset--) {
    if (bytes.readUInt32LE(offset) === 0x06054b50) return offset
  }
  throw new ExtractionError(NOT_A_ZIP)
}

// ZIP64: sizes and offsets of 0xFFFFFFFF stand for 8-byte values in the record's extra field 0x0001.
function zip64Values(extra: Buffer, wanted: number) {
  const values: number[] = []
  for (let offset = 0; offset + 4 <= extra.length;) {
    const id = extra.readUInt16LE(offset)
    const size = extra.readUInt16LE(offset + 2)
    if (id === 0x0001)
      for (let index = 0; index < wanted && offset + 4 + index * 8 + 8 <= extra.length; index++)
        values.push(Number(extra.readBigUInt64LE(offset + 4 + index * 8)))
    offset += 4 + size
  }
  return values
}

function centralDirectory(bytes: Buffer) {
  const end = endOfCentralDirectory(bytes)
  let count = bytes.readUInt16LE(end + 10)
  let offset = bytes.readUInt32LE(end + 16)
  const locator = end - 20
  if ((count === 0xffff || offset === 0xffffffff) && locator >= 0 && bytes.readUInt32LE(locator) === 0x07064b50) {
    const record = Number(bytes.readBigUInt64LE(locator + 8))
    if (record + 56 > bytes.length || bytes.readUInt32LE(record) !== 0x06064b50) throw new ExtractionError(NOT_A_ZIP)
    count = Number(bytes.readBigUInt64LE(record + 32))
    offset = Number(bytes.readBigUInt64LE(record + 48))
  }
  return { count, offset }
}

/** The entries a zip's central directory lists (the directory every reader, JSZip included, goes by). */
function readZipEntries(bytes: Buffer): ZipEntry[] {
  const { count, offset: start } = centralDirectory(bytes)
  const entries: ZipEntry[] = []
  let offset = start
  for (let index = 0; index < count; index++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) throw new ExtractionError(NOT_A_ZIP)
    const nameLength = bytes.readUInt16LE(offset + 28)
    const extraLength = bytes.readUInt16LE(offset + 30)
    const commentLength = bytes.readUInt16LE(offset + 32)
    const entry = {
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      declaredSize: bytes.readUInt32LE(offset + 24),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
    }
    const large = [entry.declaredSize, entry.compressedSize, entry.localHeaderOffset].filter(
      (value) => value === 0xffffffff,
    ).length
    if (large > 0) {
      const values = zip64Values(
        bytes.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength),
        large,
      )
      if (entry.declaredSize === 0xffffffff) entry.declaredSize = values.shift() ?? Infinity
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = values.shift() ?? Infinity
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = values.shift() ?? Infinity
    }
    entries.push(entry)
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

function compressedData(bytes: Buffer, entry: ZipEntry) {
  const header = entry.localHeaderOffset
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== 0x04034b50) throw new ExtractionError(NOT_A_ZIP)
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28)
  if (start + entry.compressedSize > bytes.length) throw new ExtractionError(NOT_A_ZIP)
  return bytes.subarray(start, start + entry.compressedSize)
}

// Inflates as a stream and only counts, so measuring never holds more than a chunk: the declared sizes
// are the zip's own word, which a bomb may lie about.
function inflatedSize(data: Buffer, budget: number) {
  return new Promise<number>((resolve, reject) => {
    const inflate = createInflateRaw()
    let size = 0
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > budget) {
        inflate.destroy()
        resolve(size)
      }
    })
    inflate.on('end', () => resolve(size))
    inflate.on('error', () => reject(new ExtractionError(NOT_A_ZIP)))
    inflate.end(data)
  })
}

/**
 * Refuses a zip that unpacks to more than `maxBytes` in all, before any reader inflates it into memory.
 * The declared sizes are checked first (cheap), then what each part really inflates to.
 */
export async function measureZipExpansion(bytes: Buffer, maxBytes: number): Promise<number> {
  const entries = readZipEntries(bytes)
  if (entries.reduce((sum, entry) => sum + entry.declaredSize, 0) > maxBytes) throw expandsTooFar(maxBytes)
  let total = 0
  for (const entry of entries) {
    if (entry.method === 0) total += entry.compressedSize
    else if (entry.method === 8) total += await inflatedSize(compressedData(bytes, entry), maxBytes - total)
    else throw new ExtractionError(NOT_A_ZIP)
    if (total > maxBytes) throw expandsTooFar(maxBytes)
  }
  return total
}
