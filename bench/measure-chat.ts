// The server's own cost per chat message: retrieval, prompt, saving both messages, usage metering,
// with a fake OpenAI-compatible LLM on 127.0.0.1 that answers at once (so the LLM's time is ~0).
import { startFakeLlm } from '../tests/support/fake-llm.ts'
import { call, signUpAndCreateAgent, waitUntil } from './measure-knowledge.ts'
import { measureServerStart, stopServer } from './measure-server-start.ts'
import { readSciFactCorpus } from './scifact.ts'

const MESSAGES = 200
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0

export async function measureChatOverhead(env: Record<string, string>) {
  const llm = await startFakeLlm()
  const { server } = await measureServerStart({ ...env, ...llm.config })
  try {
    const { token, agentId } = await signUpAndCreateAgent(server.baseUrl)
    // A knowledge base of 500 SciFact abstracts, so retrieval has real work to do.
    for (const document of readSciFactCorpus().slice(0, 500)) {
      const text = await call(server.baseUrl, `/api/agents/${agentId}/texts/create/`, token, {
        method: 'POST',
        body: { text_title: document.title.slice(0, 200), text_content: document.text || document.title },
      })
      await call(server.baseUrl, `/api/agents/${agentId}/text/${String(text.text_id)}/embed/`, token, {
        method: 'POST',
        body: {},
      })
    }
    await waitUntil(
      async () =>
        ((await call(server.baseUrl, `/api/agents/${agentId}/embeddings/`, token)).embeddings as unknown[]).length ===
        500,
      600_000,
    )
    const conversation = await call(server.baseUrl, '/api/conversations/create/', token, {
      method: 'POST',
      body: { name: 'Bench', agent_id: agentId },
    })
    const questions = [
      'What causes insulin resistance?',
      'Does vitamin D prevent fractures?',
      'How do T cells recognise antigens?',
      'Is smoking linked to bladder cancer?',
    ]
    const times: number[] = []
    for (let index = 0; index < MESSAGES; index += 1) {
      const started = performance.now()
      await call(server.baseUrl, `/api/conversations/chat/${agentId}/${String(conversation.conversation_id)}/`, token, {
        method: 'POST',
        body: { message_text: questions[index % questions.length] },
      })
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    return {
      messages: MESSAGES,
      p50Ms: percentile(times, 0.5),
      p99Ms: percentile(times, 0.99),
      llmRequests: llm.requests.length,
    }
  } finally {
    await stopServer(server)
    await llm.close()
  }
}
