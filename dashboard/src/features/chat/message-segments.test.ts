import { describe, expect, it } from 'vitest'
import { linkedUrls, messageBlocks, messageSegments } from './message-segments.ts'

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
  it('reads **bold** as bold, its stars gone; an unclosed pair stays as written', () => {
    expect(messageSegments('Lamps carry a **two-year warranty** [1].')).toEqual([
      { kind: 'text', text: 'Lamps carry a ' },
      { kind: 'bold', text: 'two-year warranty' },
      { kind: 'text', text: ' ' },
      { kind: 'citation', number: 1 },
      { kind: 'text', text: '.' },
    ])
    expect(messageSegments('2 ** 3 is **8')).toEqual([{ kind: 'text', text: '2 ** 3 is **8' }])
  })
  it('cuts the text into lines and lists: bullets and numbers each make their own list', () => {
    expect(
      messageBlocks(
        'Here is what the sources say:\n\n- Ships in 2 days [1]\n* Free returns\n1. Open the box\n2) Plug it in\nThanks',
      ),
    ).toEqual([
      { kind: 'lines', text: 'Here is what the sources say:\n' },
      { kind: 'list', ordered: false, items: ['Ships in 2 days [1]', 'Free returns'] },
      { kind: 'list', ordered: true, items: ['Open the box', 'Plug it in'] },
      { kind: 'lines', text: 'Thanks' },
    ])
    // A dash inside a sentence, or a number without its dot, is no list.
    expect(messageBlocks('Open 9-5 daily\n2024 was a good year')).toEqual([
      { kind: 'lines', text: 'Open 9-5 daily\n2024 was a good year' },
    ])
  })
})
