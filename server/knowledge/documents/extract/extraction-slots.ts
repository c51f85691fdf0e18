// How many extraction threads this process runs at once, whoever asks (document jobs, chat attachments).
let running = 0
const waiting: (() => void)[] = []

/** Gives the slot back, and hands it to the longest waiter. */
function release() {
  const next = waiting.shift()
  if (next) next()
  else running--
}

/**
 * A slot for one extraction thread, within `maxThreads` for the whole process: a job waits for one; a
 * caller that must not wait (a visitor's message) gets null when all are taken. Call the returned
 * function once the thread has ended.
 */
export async function takeExtractionSlot(
  maxThreads: number,
  { wait }: { wait: boolean },
): Promise<(() => void) | null> {
  if (running < maxThreads) {
    running++
    return release
  }
  if (!wait) return null
  await new Promise<void>((resolve) => waiting.push(resolve))
  return release
}
