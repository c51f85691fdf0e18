import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg'
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils'
import type { SchemaEngine } from '@prisma/schema-engine-wasm'
import { readPrismaSchema } from './read-prisma-schema.ts'

// Process-wide, not module-wide: a test runner may load this module more than once, while the
// bindings module (and the WASM memory behind it) exists once per process.
const processState = ((globalThis as Record<symbol, unknown>)[Symbol.for('agentdesk.schemaEngine')] ??= {
  isInstantiated: false,
  queue: Promise.resolve(),
}) as { isInstantiated: boolean; queue: Promise<unknown> }

// The package entry imports its .wasm file, which Node cannot import: instantiate it by hand, once.
function instantiateEngineWasm() {
  if (processState.isInstantiated) return
  const entry = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm')
  const wasmBytes = readFileSync(join(dirname(entry), 'schema_engine_bg.wasm'))
  const instance = new WebAssembly.Instance(new WebAssembly.Module(wasmBytes), {
    './schema_engine_bg.js': engineBindings,
  })
  engineBindings.__wbg_set_wasm(instance.exports)
  ;(instance.exports as unknown as { __wbindgen_start(): void }).__wbindgen_start()
  processState.isInstantiated = true
}

async function loadSchemaEngine(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<SchemaEngine> {
  instantiateEngineWasm()
  const schema = readPrismaSchema()
  const logEngineMessage = () => {}
  return (await engineBindings.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    logEngineMessage,
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  )) as SchemaEngine
}

/**
 * Runs `work` with Prisma's schema engine (WASM build) speaking through our driver adapter, then frees it.
 * Engines share one WASM instance, which is not safe to enter from two async calls at once: one at a time.
 */
export function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const run = async () => {
    const engine = await loadSchemaEngine(adapterFactory)
    try {
      return await work(engine)
    } finally {
      engine.free()
    }
  }
  const result = processState.queue.then(run, run)
  processState.queue = result.catch(() => undefined)
  return result
}
