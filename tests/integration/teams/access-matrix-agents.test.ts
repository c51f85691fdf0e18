// Who may read, change and delete an agent and read its permissions: seven kinds of actor per route.
import { AGENT_ROUTES } from './access-matrix-agent-routes.ts'
import { describeAccessMatrix } from './access-matrix-support.ts'

describeAccessMatrix(AGENT_ROUTES)
