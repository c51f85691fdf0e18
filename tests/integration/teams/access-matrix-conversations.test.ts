// Who may start, read, change and chat in an agent's conversations: seven kinds of actor per route.
import { CONVERSATION_ROUTES } from './access-matrix-conversation-routes.ts'
import { describeAccessMatrix } from './access-matrix-support.ts'

describeAccessMatrix(CONVERSATION_ROUTES)
