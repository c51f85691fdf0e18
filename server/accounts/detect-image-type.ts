export interface ImageType {
  extension: 'png' | 'jpg' | 'gif' | 'webp'
  contentType: string
}

const MAX_SIDE = 20_000

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte)
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))
const isSensibleSize = (width: number, height: number) =>
  width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE

// PNG: the signature, then an IHDR chunk of 13 bytes with the picture's width and height.
function isPng(bytes: Buffer) {
  if (!startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || bytes.length < 33) return false
  return (
    bytes.readUInt32BE(8) === 13 &&
    startsWith(bytes, ascii('IHDR'), 12) &&
    isSensibleSize(bytes.readUInt32BE(16), bytes.readUInt32BE(20))
  )
}

// JPEG: walk the markers after start-of-image to a start-of-frame, which holds the height and width.
function isJpeg(bytes: Buffer) {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return false
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return false
    const marker = bytes[offset + 1] ?? 0
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isStartOfFrame) return isSensibleSize(bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5))
    offset += 2 + bytes.readUInt16BE(offset + 2)
  }
  return false
}

// GIF: the signature, then the logical screen width and height (little-endian).
function isGif(bytes: Buffer) {
  if (!(startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) || bytes.length < 13) return false
  return isSensibleSize(bytes.readUInt16LE(6), bytes.readUInt16LE(8))
}

// WebP: a RIFF container whose size matches the file, holding a VP8, VP8L or VP8X chunk.
function isWebp(bytes: Buffer) {
  if (!startsWith(bytes, ascii('RIFF')) || !startsWith(bytes, ascii('WEBP'), 8) || bytes.length < 20) return false
  const declaredSize = bytes.readUInt32LE(4) + 8
  return declaredSize <= bytes.length && ['VP8 ', 'VP8L', 'VP8X'].some((chunk) => startsWith(bytes, ascii(chunk), 12))
}

/**
 * The image format the bytes really are, or null: the signature and the header that follows it must
 * hold together (dimensions and all). Only raster formats a browser shows safely: SVG can carry
 * scripts, so it is not an image here, whatever the file is called.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (isPng(bytes)) return { extension: 'png', contentType: 'image/png' }
  if (isJpeg(bytes)) return { extension: 'jpg', contentType: 'image/jpeg' }
  if (isGif(bytes)) return { extension: 'gif', contentType: 'image/gif' }
  if (isWebp(bytes)) return { extension: 'webp', contentType: 'image/webp' }
  return null
}
