// A shop's Admin GraphQL API on 127.0.0.1, speaking Shopify's wire format for the operations this app
// sends: a bulk export (bulkOperationRunQuery, then node(id) and the JSONL file it names), cursor
// pagination, single products and collections, shop details and policies, and THROTTLED answers.
// The parts live in fake-shopify-admin/, one operation family per file; this entry keeps the importers' one path.
export { startFakeShopifyAdmin, type FakeShopifyAdmin } from './fake-shopify-admin/start-fake-shopify-admin.ts'
