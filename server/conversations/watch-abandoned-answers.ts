import type { Logger } from '../logging/create-logger.ts'
import type { AnsweringProcess } from './answer-attempt.ts'
import { failAbandonedAnswers } from './fail-abandoned-answers.ts'

// Another process's crash shows within this; a message sent meanwhile does not wait for it (refuseWhileAnswering).
const SWEEP_EVERY_MS = 10_000

/**
 * Fails abandoned answers at start-up (those of this server's previous run), then every few seconds
 * (those of another server process that died), until stopped.
 */
export async function watchAbandonedAnswers(
  answering: AnsweringProcess,
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  const sweep = async () => {
    try {
      const count = await failAbandonedAnswers(answering)
      if (count > 0) logger.warn({ count }, `marked ${count} interrupted answer(s) failed`)
    } catch (error) {
      logger.error({ err: error }, 'could not check for interrupted answers')
    }
  }
  await sweep()
  // A pass still running when the next is due (a slow database) is not doubled.
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    running ??= sweep().finally(() => {
      running = null
    })
  }, SWEEP_EVERY_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
