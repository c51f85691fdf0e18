import { AppError } from '../../errors/app-error.ts'

const WIDGET_UNAVAILABLE = 'This chat widget is not available.'
const ORIGIN_REFUSED = 'This website is not allowed to use this chat widget.'

export const widgetUnavailable = () => new AppError('NOT_FOUND', WIDGET_UNAVAILABLE)
export const originRefused = () => new AppError('FORBIDDEN', ORIGIN_REFUSED)
