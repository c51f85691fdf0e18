// Who may read, change and delete an agent and read its permissions: seven kinds of actor per route;
// and the agent's answers tell each of them what they may do.
import { AGENT_ROUTES } from './access-matrix-agent-routes.ts'
import { describeAccessMatrix } from './access-matrix-support.ts'

describeAccessMatrix(AGENT_ROUTES, { answeredPermissions: true })
