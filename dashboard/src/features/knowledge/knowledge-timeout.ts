// How long a knowledge call may take; its paths are in api/routes/knowledge-routes.ts.

/** SPEC section 9: uploads, embedding and adding a website may take up to 10 minutes. */
export const KNOWLEDGE_TIMEOUT_MS = 10 * 60_000
