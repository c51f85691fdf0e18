// The import rules of .dependency-cruiser.json, proven: for each forbidden rule, a tiny tree in a temporary
// folder holds imports it forbids (each must be reported under its name) and imports it allows (each must
// be in the graph and not reported), cruised with the project's real configuration. A rule deleted,
// renamed, made a warning or narrowed fails here; a new rule needs its proof here too.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const CONFIG = path.resolve(import.meta.dirname, '../../.dependency-cruiser.json')

/** One import in a fixture tree: `from` imports `to` (a value, or a type only). */
interface Import {
  from: string
  to: string
  typeOnly?: boolean
}

interface RuleProof {
  rule: string
  /** Imports that break the rule: each must be reported under its name. */
  forbidden: Import[]
  /** Imports the rule allows: each must be in the graph and not reported under its name. */
  allowed: Import[]
  /** Further imports the tree needs (the other half of a circle). */
  also?: Import[]
}

const PROOFS: RuleProof[] = [
  {
    rule: 'no-circular',
    forbidden: [{ from: 'server/agents/one.ts', to: 'server/agents/two.ts' }],
    also: [{ from: 'server/agents/two.ts', to: 'server/agents/one.ts', typeOnly: true }],
    allowed: [{ from: 'server/agents/three.ts', to: 'server/agents/two.ts' }],
  },
  {
    rule: 'doors-stay-doors',
    forbidden: [{ from: 'server/billing/pay.ts', to: 'server/http/billing.routes.ts' }],
    allowed: [
      { from: 'server/index.ts', to: 'server/http/billing.routes.ts' },
      { from: 'server/http/create-http-app.ts', to: 'server/http/billing.routes.ts' },
      { from: 'server/http/billing.routes.ts', to: 'server/billing/pay.ts' },
    ],
  },
  {
    rule: 'dashboard-features-one-way',
    forbidden: [{ from: 'dashboard/src/features/agents/list.tsx', to: 'dashboard/src/features/teams/badge.tsx' }],
    also: [{ from: 'dashboard/src/features/teams/page.tsx', to: 'dashboard/src/features/agents/list.tsx' }],
    allowed: [
      { from: 'dashboard/src/features/usage/page.tsx', to: 'dashboard/src/features/billing/plan.tsx' },
      { from: 'dashboard/src/features/usage/page.tsx', to: 'dashboard/src/shared/card.tsx' },
    ],
  },
  {
    rule: 'db-knows-no-domain',
    forbidden: [
      { from: 'server/db/caching/kept-rows.ts', to: 'server/billing/account-standing.ts', typeOnly: true },
      { from: 'server/db/caching/kept-rows.ts', to: 'server/chat/retrieval/passage.ts' },
      { from: 'server/db/database.ts', to: 'server/app-services.ts' },
    ],
    allowed: [
      { from: 'server/db/caching/kept-rows.ts', to: 'server/db/database.ts' },
      { from: 'server/db/database.ts', to: 'server/config/config.schemas.ts', typeOnly: true },
      { from: 'server/db/database.ts', to: 'server/logging/create-logger.ts' },
      { from: 'server/billing/kept-subscriptions.ts', to: 'server/db/caching/kept-rows.ts' },
    ],
  },
  {
    rule: 'core-knows-no-channel',
    forbidden: [
      { from: 'server/chat/answering/answer-question.ts', to: 'server/shopify/storefront/tools.ts' },
      { from: 'server/conversations/save-answer.ts', to: 'server/widgets/public/widget-budget.ts', typeOnly: true },
      { from: 'server/chat/answering/answer-question.ts', to: 'server/channels/whatsapp/send.ts' },
    ],
    allowed: [
      { from: 'server/shopify/storefront/tools.ts', to: 'server/chat/answering/answer-question.ts' },
      { from: 'server/widgets/public/widget-budget.ts', to: 'server/conversations/save-answer.ts' },
      { from: 'server/conversations/save-answer.ts', to: 'server/usage/consume-usage.ts' },
    ],
  },
  {
    rule: 'dashboard-takes-only-server-contracts',
    forbidden: [{ from: 'dashboard/src/api/routes/agent-routes.ts', to: 'server/errors/app-error.ts' }],
    allowed: [
      { from: 'dashboard/src/api/routes/agent-routes.ts', to: 'server/agents/agents.schemas.ts' },
      { from: 'dashboard/src/api/routes/agent-routes.ts', to: 'server/stats/server-setup.ts' },
      { from: 'dashboard/src/api/api-error.ts', to: 'server/errors/app-error.ts', typeOnly: true },
    ],
  },
  {
    rule: 'server-contracts-import-only-contracts',
    forbidden: [
      { from: 'server/teams/teams.schemas.ts', to: 'server/errors/app-error.ts' },
      { from: 'server/alerts/alert-kinds.ts', to: 'server/alerts/send-alert.ts' },
    ],
    allowed: [
      { from: 'server/teams/teams.schemas.ts', to: 'server/agents/agents.schemas.ts' },
      { from: 'server/teams/teams.schemas.ts', to: 'server/db/database.ts', typeOnly: true },
      { from: 'server/config/config.schemas.ts', to: 'server/logging/log-levels.ts' },
    ],
  },
]

/** Writes the tree: every file exports a value and a type, and imports what its imports name. */
async function writeTree(root: string, imports: Import[]) {
  const files = new Map<string, string[]>()
  for (const { from, to } of imports) for (const file of [from, to]) files.set(file, files.get(file) ?? [])
  for (const [index, { from, to, typeOnly }] of imports.entries()) {
    let target = path.relative(path.dirname(from), to)
    if (!target.startsWith('.')) target = `./${target}`
    files
      .get(from)
      ?.push(
        typeOnly
          ? `import type { Value as Value${index} } from '${target}'\nexport type Uses${index} = Value${index}`
          : `import { value as value${index} } from '${target}'\nexport const uses${index} = value${index}`,
      )
  }
  for (const [file, lines] of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(
      path.join(root, file),
      [...lines, 'export const value = 1', 'export type Value = number', ''].join('\n'),
    )
  }
}

/** Whether the violation is this import's: the same modules, or the folders holding them (folder rules); either way round for a circle. */
function covers(violation: IViolation, { from, to }: Import) {
  const within = (file: string, module: string) => file === module || file.startsWith(`${module}/`)
  const forward = within(from, violation.from) && within(to, violation.to)
  const backward = within(to, violation.from) && within(from, violation.to)
  return forward || (violation.type === 'cycle' && backward)
}

const imported = (result: ICruiseResult, { from, to }: Import) =>
  result.modules.some(
    (module) => module.source === from && module.dependencies.some((dependency) => dependency.resolved === to),
  )

let root: string
const results = new Map<string, ICruiseResult>()

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'import-rules-'))
  const options = await extractDepcruiseOptions(CONFIG)
  for (const proof of PROOFS) {
    const tree = path.join(root, proof.rule)
    await writeTree(tree, [...proof.forbidden, ...proof.allowed, ...(proof.also ?? [])])
    // The project's own rules and options; only its tsconfig stays behind (the tree has none).
    const { output } = await cruise(['.'], {
      ...options,
      tsConfig: undefined,
      baseDir: tree,
      validate: true,
    })
    results.set(proof.rule, output as ICruiseResult)
  }
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('the import rules', () => {
  it('are exactly the proven ones, each an error', async () => {
    const { ruleSet } = await extractDepcruiseOptions(CONFIG)
    const configured = (ruleSet?.forbidden ?? []).map((rule) => [rule.name, rule.severity])
    expect(configured.toSorted()).toEqual(PROOFS.map((proof) => [proof.rule, 'error']).toSorted())
  })

  describe.each(PROOFS)('$rule', (proof) => {
    const violations = () =>
      (results.get(proof.rule)?.summary.violations ?? []).filter((violation) => violation.rule.name === proof.rule)

    it.each(proof.forbidden)('reports $from importing $to', (forbidden) => {
      expect(violations().some((violation) => covers(violation, forbidden))).toBe(true)
    })

    it.each(proof.allowed)('allows $from importing $to', (allowed) => {
      const result = results.get(proof.rule)
      expect(result && imported(result, allowed)).toBe(true)
      expect(violations().filter((violation) => covers(violation, allowed))).toEqual([])
    })
  })
})
