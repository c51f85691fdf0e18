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

/** All 5,183 SciFact documents added as text items of one agent and embedded, through the API. */
export async function measureSciFactTexts(baseUrl: string) {
  const { token, agentId } = await signUpAndCreateAgent(baseUrl)
  const corpus = readSciFact()
  const started = performance.now()
  const textIds: string[] = []
  await inParallel(corpus, 8, async (document) => {
    const text = await call(baseUrl, `/api/agents/${agentId}/texts/create/`, token, {
      method: 'POST',
      body: { text_title: document.title.slice(0, 200), text_content: document.text || document.title },
    })
    textIds.push(String(text.text_id))
  })
  const addedAt = performance.now()
  await inParallel(textIds, 8, (textId) =>
    call(baseUrl, `/api/agents/${agentId}/text/${textId}/embed/`, token, { method: 'POST', body: {} }),
  )
  await waitUntil(
    async () =>
      ((await call(baseUrl, `/api/agents/${agentId}/embeddings/`, token)).embeddings as unknown[]).length ===
      corpus.length,
    1_800_000,
  )
  const finishedAt = performance.now()
  return {
    documents: corpus.length,
    addSeconds: (addedAt - started) / 1000,
    embedSeconds: (finishedAt - addedAt) / 1000,
    totalSeconds: (finishedAt - started) / 1000,
  }
}
