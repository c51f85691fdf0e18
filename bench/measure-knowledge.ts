import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeOpenAi } from '../tests/support/fake-openai.ts'
import { measureServerStart, stopServer } from './measure-server-start.ts'
import { readSciFactCorpus as readSciFact } from './scifact.ts'

export async function call(
  baseUrl: string,
  path: string,
  token: string,
  init: { method?: string; body?: unknown; form?: FormData } = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  })
  const json = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

export async function signUpAndCreateAgent(baseUrl: string) {
  const registration = await fetch(`${baseUrl}/api/accounts/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'Bench-Password-1',
      full_name: 'Bench',
    }),
  })
  const token = ((await registration.json()) as { tokens: { access: string } }).tokens.access
  // The benches ask for each embedding themselves (and time it): the agent does not train on its own.
  const agent = await call(baseUrl, '/api/agents/create/', token, {
    method: 'POST',
    body: { name: 'SciFact', auto_embed: false },
  })
  return { token, agentId: String(agent.agent_id) }
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T)
    }),
  )
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the jobs')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Ingestion throughput: the SciFact corpus as one text document (about 7.5 MB), from upload to
 * indexed chunks (extraction, chunking, language detection, tsvector), in MB per second.
 */
export async function measureDocumentIngestion(baseUrl: string) {
  const { token, agentId } = await signUpAndCreateAgent(baseUrl)
  const text = readSciFact()
    .map((document) => `# ${document.title}\n\n${document.text}`)
    .join('\n\n')
  const bytes = Buffer.byteLength(text)
  const form = new FormData()
  form.append('document_file', new Blob([text], { type: 'text/plain' }), 'scifact.txt')
  const started = performance.now()
  const uploaded = await call(baseUrl, `/api/agents/${agentId}/documents/upload/`, token, { method: 'POST', form })
  const documentId = String(uploaded.document_id)
  await waitUntil(
    async () => (await call(baseUrl, `/api/agents/${agentId}/documents/${documentId}/`, token)).status === 'ready',
    600_000,
  )
  const readAt = performance.now()
  await call(baseUrl, `/api/agents/${agentId}/document/${documentId}/embed/`, token, { method: 'POST', body: {} })
  await waitUntil(
    async () => (await call(baseUrl, `/api/agents/${agentId}/documents/${documentId}/`, token)).embedded === true,
    600_000,
  )
  const seconds = (performance.now() - started) / 1000
  const embeddings = (await call(baseUrl, `/api/agents/${agentId}/embeddings/`, token)).embeddings as {
    chunk_count: number
  }[]
  return {
    megabytes: bytes / 1_048_576,
    extractSeconds: (readAt - started) / 1000,
    totalSeconds: seconds,
    megabytesPerSecond: bytes / 1_048_576 / seconds,
    chunks: embeddings[0]?.chunk_count ?? 0,
  }
}

/** The agent's items that have passages (the embeddings list), polled once a second until all are there. */
async function waitUntilSearchable(
  baseUrl: string,
  { token, agentId }: { token: string; agentId: string },
  count: number,
) {
  await waitUntil(async () => {
    await new Promise((resolve) => setTimeout(resolve, 750))
    return ((await call(baseUrl, `/api/agents/${agentId}/embeddings/`, token)).embeddings as unknown[]).length === count
  }, 1_800_000)
}

async function addSciFactTexts(baseUrl: string, { token, agentId }: { token: string; agentId: string }) {
  const corpus = readSciFact()
  const textIds: string[] = []
  await inParallel(corpus, 8, async (document) => {
    const text = await call(baseUrl, `/api/agents/${agentId}/texts/create/`, token, {
      method: 'POST',
      body: { text_title: document.title.slice(0, 200), text_content: document.text || document.title },
    })
    textIds.push(String(text.text_id))
  })
  return textIds
}

/**
 * All 5,183 SciFact documents added as text items of one agent through the API, until all are searchable
 * (full text only: no embeddings endpoint). Two ways: each text added, then Embed asked for each (the
 * figures before issue 23 were taken this way: 132 s); and to an agent that trains on its own (auto_embed,
 * the default), where saving a text queues its embedding.
 */
export async function measureSciFactTexts(baseUrl: string) {
  const agent = await signUpAndCreateAgent(baseUrl)
  const count = readSciFact().length
  const started = performance.now()
  const textIds = await addSciFactTexts(baseUrl, agent)
  const addedAt = performance.now()
  await inParallel(textIds, 8, (textId) =>
    call(baseUrl, `/api/agents/${agent.agentId}/text/${textId}/embed/`, agent.token, { method: 'POST', body: {} }),
  )
  await waitUntilSearchable(baseUrl, agent, count)
  const finishedAt = performance.now()
  const training = await measureAutoEmbeddedTexts(baseUrl, agent.token)
  const endpoint = await measureEmbeddingThroughput()
  return {
    documents: count,
    addSeconds: round((addedAt - started) / 1000),
    embedSeconds: round((finishedAt - addedAt) / 1000),
    totalSeconds: round((finishedAt - started) / 1000),
    autoEmbedAddSeconds: training.addSeconds,
    autoEmbedTotalSeconds: training.seconds,
    ...Object.fromEntries(Object.entries(endpoint).map(([name, value]) => [`endpoint_${name}`, value])),
  }
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits))

/** SciFact's texts saved to an agent that trains on its own, until all are searchable. */
async function measureAutoEmbeddedTexts(baseUrl: string, token: string) {
  const agent = await call(baseUrl, '/api/agents/create/', token, {
    method: 'POST',
    body: { name: 'SciFact trained on its own', auto_embed: true },
  })
  const trained = { token, agentId: String(agent.agent_id) }
  const started = performance.now()
  const textIds = await addSciFactTexts(baseUrl, trained)
  const addSeconds = (performance.now() - started) / 1000
  await waitUntilSearchable(baseUrl, trained, textIds.length)
  return { ...trained, addSeconds: round(addSeconds), seconds: round((performance.now() - started) / 1000) }
}

/**
 * Throughput with an embeddings endpoint: a server of its own on the embedded database, speaking to the
 * tests' fake OpenAI-compatible endpoint (answers at once, so the figures are the server's own cost),
 * SciFact's texts saved to an agent that trains on its own until all have vectors. Texts and passages per
 * second, and how many calls carried them.
 */
async function measureEmbeddingThroughput() {
  const fake = await startFakeOpenAi()
  const dataDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  // The server's default batch size, not the tests' 4.
  const { server } = await measureServerStart({
    ...fake.config,
    EMBEDDING_BATCH_SIZE: undefined,
    DATA_DIR: dataDir,
  })
  try {
    const { token } = await signUpAndCreateAgent(server.baseUrl)
    const trained = await measureAutoEmbeddedTexts(server.baseUrl, token)
    const embeddings = (await call(server.baseUrl, `/api/agents/${trained.agentId}/embeddings/`, token)).embeddings as {
      chunk_count: number
      has_vectors: boolean
    }[]
    const chunks = embeddings.reduce((sum, item) => sum + item.chunk_count, 0)
    const inputs = fake.batches.reduce((sum, batch) => sum + batch.length, 0)
    return {
      texts: embeddings.length,
      withVectors: embeddings.filter((item) => item.has_vectors).length,
      chunks,
      seconds: trained.seconds,
      textsPerSecond: round(embeddings.length / trained.seconds),
      chunksPerSecond: round(chunks / trained.seconds),
      embeddingsCalls: fake.batches.length,
      inputsPerCall: round(inputs / Math.max(1, fake.batches.length)),
    }
  } finally {
    await stopServer(server)
    await fake.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
