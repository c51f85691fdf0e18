// The preview puts the chosen colour into a style: only a valid hex colour gets there (SPEC section 5),
// anything else shows the default until it is fixed.
import { WIDGET_DEFAULTS } from '#server/widgets/widgets.schemas.ts'

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/

export const isHexColor = (value: string) => HEX_COLOR.test(value.trim())

export const safeColor = (value: string) => (isHexColor(value) ? value.trim() : WIDGET_DEFAULTS.color)
