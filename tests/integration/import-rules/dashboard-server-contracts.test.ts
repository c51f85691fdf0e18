import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cruise, type IConfiguration } from 'dependency-cruiser'
import { afterEach, describe, expect, it } from 'vitest'

// The route table parses answers by the server's schemas: the import rules keep those contracts free of
// server code, so none reaches the browser (decision 054). A probe file that breaks each rule must fail.
const config = JSON.parse(readFileSync('.dependency-cruiser.json', 'utf8')) as IConfiguration
const probes: string[] = []

async function violationsOf(path: string, source: string) {
  writeFileSync(path, source)
  probes.push(path)
  const { output } = await cruise([path], {
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    doNotFollow: { path: '(node_modules|^server/)' },
  })
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text')
  return output.summary.violations.map((violation) => violation.rule.name)
}

afterEach(() => {
  for (const path of probes.splice(0)) rmSync(path, { force: true })
})

describe('the dashboard takes only contracts from the server', () => {
  it('refuses a dashboard module that imports server code', async () => {
    const violations = await violationsOf(
      `dashboard/src/api/routes/probe-${process.pid}.ts`,
      "export { AppError } from '../../../../server/errors/app-error.ts'\n",
    )
    expect(violations).toContain('dashboard-takes-only-server-contracts')
  })

  it('accepts a dashboard module that imports a schema, or only a type of server code', async () => {
    const violations = await violationsOf(
      `dashboard/src/api/routes/probe-${process.pid}.ts`,
      "export { AgentViewSchema } from '../../../../server/agents/agents.schemas.ts'\n" +
        "export type { AppError } from '../../../../server/errors/app-error.ts'\n",
    )
    expect(violations).toEqual([])
  })

  it('refuses a server schema file that imports server code', async () => {
    const violations = await violationsOf(
      `server/teams/probe-${process.pid}.schemas.ts`,
      "export { AppError } from '../errors/app-error.ts'\n",
    )
    expect(violations).toContain('server-contracts-import-only-contracts')
  })
})
