// The environment the server reads, parsed once at start-up. Add a variable in the settings file of its
// area (settings/) and in the README table; a rule between settings goes in check-settings-together.ts.
import { z } from 'zod'
import { ACCOUNT_SETTINGS } from './settings/account-settings.ts'
import { ANSWERING_SETTINGS } from './settings/answering-settings.ts'
import { checkSettingsThatGoTogether } from './settings/check-settings-together.ts'
import { KNOWLEDGE_SETTINGS } from './settings/knowledge-settings.ts'
import { MAIL_SETTINGS } from './settings/mail-settings.ts'
import { PROVIDER_SETTINGS } from './settings/provider-settings.ts'
import { SERVER_SETTINGS } from './settings/server-settings.ts'
import { SUPPORT_SETTINGS } from './settings/support-settings.ts'

export const ConfigSchema = z
  .object({
    ...SERVER_SETTINGS,
    ...ACCOUNT_SETTINGS,
    ...MAIL_SETTINGS,
    ...PROVIDER_SETTINGS,
    ...KNOWLEDGE_SETTINGS,
    ...ANSWERING_SETTINGS,
    ...SUPPORT_SETTINGS,
  })
  .superRefine(checkSettingsThatGoTogether)

export type Config = z.infer<typeof ConfigSchema>
