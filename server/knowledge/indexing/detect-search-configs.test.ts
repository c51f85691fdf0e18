import { describe, expect, it } from 'vitest'
import { detectSearchConfig } from './detect-language.ts'
import { detectSearchConfigs } from './detect-search-configs.ts'

const available = new Set(['simple', 'english', 'french', 'german'])
const english =
  'The lighthouse keeper climbed the stairs every evening to light the lamp, and the ships that passed the rocks at night were guided safely into the harbour by its beam. '
const french =
  'Le gardien du phare montait les escaliers chaque soir pour allumer la lampe, et les navires qui passaient près des rochers pendant la nuit entraient au port en sécurité. '
const german =
  'Der Leuchtturmwärter stieg jeden Abend die Treppe hinauf, um die Lampe anzuzünden, und die Schiffe, die nachts an den Felsen vorbeifuhren, erreichten sicher den Hafen. '

describe('detecting many passages’ languages', () => {
  it('answers what detecting each one here would, also for groups large enough for the thread', async () => {
    const texts = Array.from({ length: 60 }, (_unused, index) => [english, french, german][index % 3]!.repeat(3))
    expect(texts.join('').length).toBeGreaterThan(20_000)
    const detected = await detectSearchConfigs({ texts, available, fallback: 'simple' })
    expect(detected).toEqual(texts.map((text) => detectSearchConfig(text, available, 'simple')))
    expect(detected.slice(0, 3)).toEqual(['english', 'french', 'german'])
    // A short group is detected here, with the same answers.
    expect(await detectSearchConfigs({ texts: texts.slice(0, 3), available, fallback: null })).toEqual(
      detected.slice(0, 3),
    )
  })
})
