// The kinds of durable job the Shopify integration runs (see createShopifyJobHandlers).
export const SHOPIFY_WEBHOOK_JOB = 'shopify-webhook'
/** Starts the catalogue's bulk export. */
export const SHOPIFY_IMPORT_CATALOGUE_JOB = 'shopify-import-catalogue'
/** Reads a finished export into knowledge; also the poll when the finish webhook does not come. */
export const SHOPIFY_FINISH_CATALOGUE_JOB = 'shopify-finish-catalogue-import'
/** Collections, pages, blog articles and policies. */
export const SHOPIFY_IMPORT_CONTENT_JOB = 'shopify-import-content'
