import { signUp } from './accounts.ts'
import { createTestApp } from './create-test-app.ts'
import { startFakeLlm } from './fake-llm.ts'
import { addEmbeddedText, createAgentFor } from './knowledge.ts'

const RETURNS_POLICY = 'You can return any product within 30 days of delivery for a full refund.'

/** The app answering through a fake LLM, with an owner and an agent that knows the returns policy. */
export async function startChatTestbed(
  config: Record<string, string | undefined> = {},
  appOptions: Parameters<typeof createTestApp>[1] = {},
) {
  const llm = await startFakeLlm()
  const testApp = await createTestApp({ ...llm.config, ...config }, appOptions)
  const owner = await signUp(testApp)
  const agentId = await createAgentFor(testApp, owner, 'Shop helper')
  await addEmbeddedText(testApp, owner, agentId, 'Returns policy', RETURNS_POLICY)
  return {
    llm,
    testApp,
    owner,
    agentId,
    close: async () => {
      await testApp.cleanup()
      await llm.close()
    },
  }
}

export type ChatTestbed = Awaited<ReturnType<typeof startChatTestbed>>
