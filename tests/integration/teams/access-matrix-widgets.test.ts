// Who may read and change an agent's widget integrations: seven kinds of actor per route.
import { WIDGET_ROUTES } from './access-matrix-widget-routes.ts'
import { describeAccessMatrix } from './access-matrix-support.ts'

describeAccessMatrix(WIDGET_ROUTES)
