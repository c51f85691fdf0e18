import { describe, expect, it } from 'vitest'
import { solidPng, tinyJpegHeader } from '../../tests/support/image-fixtures.ts'
import { detectImageType } from './detect-image-type.ts'

describe('detectImageType', () => {
  it.each([
    ['png', solidPng(), 'image/png'],
    ['jpg', tinyJpegHeader, 'image/jpeg'],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif'],
    ['webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'image/webp'],
  ])('recognises %s by its bytes', (extension, bytes, contentType) => {
    expect(detectImageType(bytes)).toEqual({ extension, contentType })
  })

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['HTML', '<!doctype html><script>alert(1)</script>'],
    ['text', 'hello'],
    ['empty', ''],
    ['a RIFF that is not WebP', 'RIFF\0\0\0\0WAVEfmt '],
  ])('refuses %s', (_label, content) => {
    expect(detectImageType(Buffer.from(content, 'latin1'))).toBeNull()
  })
})
