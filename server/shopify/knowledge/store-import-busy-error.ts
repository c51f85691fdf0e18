/** Some store texts were being embedded during an import: the job is retried for them (the rest are unchanged by then). */
export class StoreImportBusyError extends Error {}
