// A widget integration as the API answers it: the server's own contract
// (server/widgets/widgets.schemas.ts, docs/api/widgets.md).
import type { WidgetIntegrationView, WidgetPositionValue } from '#server/widgets/widgets.schemas.ts'

export type WidgetPosition = WidgetPositionValue
export type WidgetIntegration = WidgetIntegrationView
