// An agent's knowledge: texts, documents, websites and their embedding (SPEC section 7, Knowledge;
// docs/api/agents-and-knowledge.md). The item calls of each kind take the same parameters
// (agentId, itemId), so a screen picks the route by kind.
import {
  DocumentFieldsSchema,
  DocumentListSchema,
  DocumentViewSchema,
  DownloadLinkSchema,
  EmbedAllAnswerSchema,
  EmbedRequestSchema,
  ItemListQuerySchema,
  NewTextSchema,
  NewWebsiteSchema,
  TextListSchema,
  TextViewSchema,
  UpdateTextSchema,
  UpdateWebsiteSchema,
  WebsiteListSchema,
  WebsitePagesSchema,
  WebsiteViewSchema,
} from '#server/knowledge/knowledge.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { MessageAnswerSchema } from './plain-schemas.ts'

const deleteItem = <const Plural extends string>(plural: Plural) =>
  apiRoute({ method: 'DELETE', path: `/agents/:agentId/${plural}/:itemId/delete/`, answer: MessageAnswerSchema })

export const knowledgeRoutes = {
  documents: apiRoute({
    method: 'GET',
    path: '/agents/:agentId/documents/',
    query: ItemListQuerySchema,
    answer: DocumentListSchema,
  }),
  texts: apiRoute({
    method: 'GET',
    path: '/agents/:agentId/texts/',
    query: ItemListQuerySchema,
    answer: TextListSchema,
  }),
  websites: apiRoute({
    method: 'GET',
    path: '/agents/:agentId/websites/',
    query: ItemListQuerySchema,
    answer: WebsiteListSchema,
  }),
  uploadDocument: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/documents/upload/',
    form: true,
    answer: DocumentViewSchema,
  }),
  updateDocument: apiRoute({
    method: 'PUT',
    path: '/agents/:agentId/documents/:itemId/update/',
    body: DocumentFieldsSchema,
    answer: DocumentViewSchema,
  }),
  documentDownloadLink: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/documents/:itemId/download-link/',
    answer: DownloadLinkSchema,
  }),
  addText: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/texts/create/',
    body: NewTextSchema,
    answer: TextViewSchema,
  }),
  updateText: apiRoute({
    method: 'PUT',
    path: '/agents/:agentId/texts/:itemId/update/',
    body: UpdateTextSchema,
    answer: TextViewSchema,
  }),
  addWebsite: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/websites/create/',
    body: NewWebsiteSchema,
    answer: WebsiteViewSchema,
  }),
  updateWebsite: apiRoute({
    method: 'PUT',
    path: '/agents/:agentId/websites/:itemId/update/',
    body: UpdateWebsiteSchema,
    answer: WebsiteViewSchema,
  }),
  websitePages: apiRoute({
    method: 'GET',
    path: '/agents/:agentId/websites/:itemId/pages/',
    answer: WebsitePagesSchema,
  }),
  crawlWebsite: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/websites/:itemId/crawl/',
    answer: MessageAnswerSchema,
  }),
  deleteItem: { document: deleteItem('documents'), text: deleteItem('texts'), website: deleteItem('websites') },
  /** objectType: document, text or website. */
  embed: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/:objectType/:objectId/embed/',
    body: EmbedRequestSchema,
    answer: MessageAnswerSchema,
  }),
  embedAll: apiRoute({ method: 'POST', path: '/agents/:agentId/:objectType/embed-all/', answer: EmbedAllAnswerSchema }),
  deleteEmbeddings: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/:objectType/:objectId/embeddings/delete/',
    answer: MessageAnswerSchema,
  }),
}
