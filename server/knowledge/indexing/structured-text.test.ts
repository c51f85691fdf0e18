import { describe, expect, it } from 'vitest'
import { htmlFragmentToText } from './structured-text.ts'

describe('an HTML fragment as structured text', () => {
  it('keeps headings as # lines and blocks as paragraphs, and drops scripts and styles', () => {
    const html =
      '<h2>Care</h2><p>Wash  cold,\n dry <em>flat</em>.</p><ul><li>Cotton</li><li>Made in <b>Portugal</b></li></ul><script>alert(1)</script><style>p{}</style>'
    expect(htmlFragmentToText(html)).toBe('## Care\n\nWash cold, dry flat.\n\nCotton\n\nMade in Portugal')
  })

  it('keeps table rows together, one per line', () => {
    expect(
      htmlFragmentToText('<table><tr><th>Size</th><th>Chest</th></tr><tr><td>M</td><td>96 cm</td></tr></table>'),
    ).toBe('| Size | Chest |\n| M | 96 cm |')
  })

  it('an empty fragment is empty text', () => {
    expect(htmlFragmentToText('')).toBe('')
    expect(htmlFragmentToText('<p> </p>')).toBe('')
  })
})
