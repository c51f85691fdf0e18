import { describe, expect, it } from 'vitest'
import { linkedUrls, messageSegments } from './message-segments.ts'

describe('message text pieces', () => {
  it('turns markdown links and bare http(s) URLs into links, leaving the sentence punctuation out', () => {
    expect(messageSegments('See [the guide](https://example.com/guide) or https://example.com/faq.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the guide', url: 'https://example.com/guide' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'https://example.com/faq', url: 'https://example.com/faq' },
      { kind: 'text', text: '.' },
    ])
  })
  it('keeps invalid or non-web addresses as plain text', () => {
    expect(messageSegments('[click](javascript:alert(1)) and [x](notaurl)')).toEqual([
      { kind: 'text', text: '[click](javascript:alert(1)) and [x](notaurl)' },
    ])
    expect(messageSegments('http://')).toEqual([{ kind: 'text', text: 'http://' }])
  })
  it('reads [n] as a citation', () => {
    expect(messageSegments('Ships in 2 days [1][2].')).toEqual([
      { kind: 'text', text: 'Ships in 2 days ' },
      { kind: 'citation', number: 1 },
      { kind: 'citation', number: 2 },
      { kind: 'text', text: '.' },
    ])
  })
  it('lists each linked address once', () => {
    expect(linkedUrls('https://a.example/x and again https://a.example/x, [b](https://b.example)')).toEqual([
      'https://a.example/x',
      'https://b.example/',
    ])
  })
})
