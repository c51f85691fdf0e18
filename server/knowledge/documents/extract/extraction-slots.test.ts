import { describe, expect, it } from 'vitest'
import { takeExtractionSlot } from './extraction-slots.ts'

describe('extraction threads of one process', () => {
  it('never run more than the limit: a job waits for a slot, a visitor gets none while all are taken', async () => {
    const first = await takeExtractionSlot(2, { wait: true })
    const second = await takeExtractionSlot(2, { wait: false })
    expect(first).not.toBeNull()
    expect(second).not.toBeNull()
    expect(await takeExtractionSlot(2, { wait: false })).toBeNull()
    let waiterGotOne = false
    const waiter = takeExtractionSlot(2, { wait: true }).then((release) => {
      waiterGotOne = true
      return release
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(waiterGotOne).toBe(false)
    first!()
    const third = await waiter
    expect(waiterGotOne).toBe(true)
    expect(await takeExtractionSlot(2, { wait: false })).toBeNull() // the freed slot went to the waiter
    second!()
    third!()
    const again = await takeExtractionSlot(2, { wait: false })
    expect(again).not.toBeNull()
    again!()
  })
})
