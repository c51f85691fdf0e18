import { describe, expect, it } from 'vitest'
import { solidPng, tinyGifHeader, tinyJpegHeader, tinyWebp } from '../../tests/support/image-fixtures.ts'
import { detectImageType } from './detect-image-type.ts'

describe('detectImageType', () => {
  it.each([
    ['png', solidPng(), 'image/png'],
    ['jpg', tinyJpegHeader, 'image/jpeg'],
    ['gif', tinyGifHeader, 'image/gif'],
    ['webp', tinyWebp(), 'image/webp'],
  ])('recognises %s by its bytes', (extension, bytes, contentType) => {
    expect(detectImageType(bytes)).toEqual({ extension, contentType })
  })

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['text', Buffer.from('hello')],
    ['empty', Buffer.alloc(0)],
    ['a bare PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    [
      'a PNG of zero width',
      (() => {
        const png = solidPng()
        png.writeUInt32BE(0, 16)
        return png
      })(),
    ],
    ['a JPEG signature without a frame', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['a GIF of 0 by 0', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(7)])],
    ['a RIFF that is not WebP', Buffer.from('RIFF\u0004\u0000\u0000\u0000WAVEfmt ', 'latin1')],
    [
      'a WebP whose size lies',
      (() => {
        const webp = tinyWebp()
        webp.writeUInt32LE(10_000, 4)
        return webp
      })(),
    ],
  ])('refuses %s', (_label, bytes) => {
    expect(detectImageType(bytes)).toBeNull()
  })
})
