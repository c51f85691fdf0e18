// Who may read and change an agent's texts, documents and websites, train them and read their jobs:
// seven kinds of actor per route.
import { KNOWLEDGE_ROUTES } from './access-matrix-knowledge-routes.ts'
import { describeAccessMatrix } from './access-matrix-support.ts'

describeAccessMatrix(KNOWLEDGE_ROUTES)
