import { PermanentJobError } from '../../../jobs/job-handler.ts'

/** Why a document's text cannot be read; shown on the item. Retrying cannot help. */
export class ExtractionError extends PermanentJobError {}
