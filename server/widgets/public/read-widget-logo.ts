import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import type { FileStorage } from '../../storage/file-storage.ts'

const NOT_FOUND = 'Logo not found'

export interface ReadWidgetLogoOptions {
  storage: FileStorage
  integrationId: string
  fileName: string
}

/** An integration's current logo, addressed by integration id and file name (its random part). */
export async function readWidgetLogo(database: Database, { storage, integrationId, fileName }: ReadWidgetLogoOptions) {
  const integration = await database.prisma.widgetIntegration.findUnique({
    where: { id: integrationId },
    select: { websiteLogoKey: true },
  })
  if (!integration?.websiteLogoKey || integration.websiteLogoKey.split('/').pop() !== fileName)
    throw new AppError('NOT_FOUND', NOT_FOUND)
  const file = await storage.get(integration.websiteLogoKey)
  if (!file) throw new AppError('NOT_FOUND', NOT_FOUND)
  return file
}
