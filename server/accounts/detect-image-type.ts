export interface ImageType {
  extension: 'png' | 'jpg' | 'gif' | 'webp'
  contentType: string
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte)
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

/**
 * The image format the bytes really are, or null. Only raster formats a browser shows safely: SVG can
 * carry scripts, so it is not an image here, whatever the file is called.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: 'png', contentType: 'image/png' }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { extension: 'gif', contentType: 'image/gif' }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { extension: 'webp', contentType: 'image/webp' }
  return null
}
