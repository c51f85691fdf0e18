// What enforcing a plan adds to a chat message: the same dashboard messages (offline answerer, a small
// SciFact knowledge base) sent to two in-process apps. BILLING_MODE=unlimited counts too, after the fact:
// the message, then the answer's tokens, each by a read of the subscription and an upsert of its own.
// BILLING_MODE=enforced counts the message and its answer's reserved tokens by two conditional upserts in
// the transaction that saves the message, counts the real prompt by the tokenizer before answering (and
// reserves more only when the estimate fell short), and settles the reservation in the answer's transaction.
// The apps take turns message by message, the order swapped every round, so drift in the machine's load
// falls on both alike.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { loadConfig } from '../server/config/load-config.ts'
import { createLogger } from '../server/logging/create-logger.ts'
import { startServer, type RunningServer } from '../server/http/start-server.ts'
import { call, signUpAndCreateAgent, waitUntil } from './measure-knowledge.ts'
import { readSciFactCorpus } from './scifact.ts'

const TEXTS = 100
const CONVERSATIONS = 20
const MESSAGES_PER_CONVERSATION = 20
const WARM_UP_MESSAGES = 20
const QUESTIONS = [
  'What causes insulin resistance?',
  'Does vitamin D prevent fractures?',
  'How do T cells recognise antigens?',
  'Is smoking linked to bladder cancer?',
]
const MODES = ['unlimited', 'enforced'] as const
type Mode = (typeof MODES)[number]

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0
const round = (value: number) => Number(value.toFixed(2))

interface Chatter {
  running: RunningServer
  baseUrl: string
  token: string
  agentId: string
  conversations: string[]
  times: number[]
}

/** An in-process server on its own database, an account on its trial, an agent that knows 100 abstracts, and its conversations. */
async function startChatter(env: Record<string, string>, mode: Mode): Promise<Chatter> {
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    BILLING_MODE: mode,
    ...env,
  })
  const running = await startServer(config, createLogger(config))
  try {
    return await prepareChat(running, mode)
  } catch (error) {
    await running.stop()
    throw error
  }
}

async function prepareChat(running: RunningServer, mode: Mode): Promise<Chatter> {
  const baseUrl = `http://127.0.0.1:${running.port}`
  const { token, agentId } = await signUpAndCreateAgent(baseUrl)
  const { billing_mode } = await call(baseUrl, '/api/subscriptions/status/', token)
  if (billing_mode !== mode) throw new Error(`the app meant to be ${mode} runs billing ${String(billing_mode)}`)
  for (const document of readSciFactCorpus().slice(0, TEXTS)) {
    const text = await call(baseUrl, `/api/agents/${agentId}/texts/create/`, token, {
      method: 'POST',
      body: { text_title: document.title.slice(0, 200), text_content: document.text || document.title },
    })
    await call(baseUrl, `/api/agents/${agentId}/text/${String(text.text_id)}/embed/`, token, {
      method: 'POST',
      body: {},
    })
  }
  await waitUntil(
    async () =>
      ((await call(baseUrl, `/api/agents/${agentId}/embeddings/`, token)).embeddings as unknown[]).length === TEXTS,
    300_000,
  )
  const conversations: string[] = []
  for (let index = 0; index < CONVERSATIONS; index += 1) {
    conversations.push(
      String(
        (
          await call(baseUrl, '/api/conversations/create/', token, {
            method: 'POST',
            body: { name: `Bench ${index}`, agent_id: agentId },
          })
        ).conversation_id,
      ),
    )
  }
  return { running, baseUrl, token, agentId, conversations, times: [] }
}

async function send(chatter: Chatter, index: number) {
  const conversationId = chatter.conversations[index % CONVERSATIONS] as string
  const started = performance.now()
  await call(chatter.baseUrl, `/api/conversations/chat/${chatter.agentId}/${conversationId}/`, chatter.token, {
    method: 'POST',
    body: { message_text: QUESTIONS[(index + Math.floor(index / CONVERSATIONS)) % QUESTIONS.length] },
  })
  return performance.now() - started
}

/** p50/p99 per message with and without enforcement, on one kind of database; `databaseOf` gives each mode its own. */
async function measureOn(
  database: string,
  databaseOf: (mode: Mode) => Record<string, string>,
  limits: Record<string, string>,
) {
  const dataDirs = MODES.map(() => mkdtempSync(join(tmpdir(), 'agentdesk-bench-')))
  const chatters: Partial<Record<Mode, Chatter>> = {}
  try {
    for (const [index, mode] of MODES.entries())
      chatters[mode] = await startChatter({ DATA_DIR: dataDirs[index] as string, ...databaseOf(mode), ...limits }, mode)
    const both = chatters as Record<Mode, Chatter>
    const messages = CONVERSATIONS * MESSAGES_PER_CONVERSATION
    for (let index = 0; index < WARM_UP_MESSAGES + messages; index += 1) {
      for (const mode of index % 2 === 0 ? MODES : [...MODES].reverse()) {
        const milliseconds = await send(both[mode], index)
        if (index >= WARM_UP_MESSAGES) both[mode].times.push(milliseconds)
      }
    }
    const figuresOf = async (mode: Mode) => {
      const { baseUrl, token, times } = both[mode]
      const sorted = [...times].sort((a, b) => a - b)
      // Both modes count every message: the two figures are of the same work.
      const usage = await call(baseUrl, '/api/subscriptions/usage/', token)
      return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), counted: Number(usage.messages_usage) }
    }
    const unlimited = await figuresOf('unlimited')
    const enforced = await figuresOf('enforced')
    return {
      database,
      messages,
      unlimitedP50Ms: round(unlimited.p50),
      unlimitedP99Ms: round(unlimited.p99),
      enforcedP50Ms: round(enforced.p50),
      enforcedP99Ms: round(enforced.p99),
      overheadP50Ms: round(enforced.p50 - unlimited.p50),
      overheadP99Ms: round(enforced.p99 - unlimited.p99),
      messagesCountedUnlimited: unlimited.counted,
      messagesCountedEnforced: enforced.counted,
    }
  } finally {
    for (const chatter of Object.values(chatters)) await chatter.running.stop()
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The metering overhead on the embedded database, and on PostgreSQL when `postgresUrl` is given (a database per mode, created and dropped). */
export async function measureMeteringOverhead({
  limits,
  postgresUrl,
}: {
  limits: Record<string, string>
  postgresUrl?: string
}) {
  const rows = [await measureOn('embedded (PGlite)', () => ({}), limits)]
  if (!postgresUrl) return rows
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  const names = Object.fromEntries(
    MODES.map((mode) => [mode, `agentdesk_bench_metering_${mode}_${Date.now()}`]),
  ) as Record<Mode, string>
  const urlOf = (name: string) => {
    const url = new URL(postgresUrl)
    url.pathname = `/${name}`
    return url.toString()
  }
  try {
    for (const name of Object.values(names)) await admin.query(`create database "${name}"`)
    rows.push(await measureOn('PostgreSQL', (mode) => ({ DATABASE_URL: urlOf(names[mode]) }), limits))
  } finally {
    for (const name of Object.values(names)) await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
  return rows
}
