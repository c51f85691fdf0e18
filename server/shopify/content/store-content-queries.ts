// The ordinary paginated queries for the store's content (a bulk export is only worth it for products).
import { z } from 'zod'

const connection = (
  name: string,
  fields: string,
) => `query Store${name[0]?.toUpperCase()}${name.slice(1)}($first: Int!, $cursor: String) {
  ${name}(first: $first, after: $cursor) {
    nodes { ${fields} }
    pageInfo { hasNextPage endCursor }
  }
}`

export const COLLECTIONS_QUERY = connection('collections', 'id title handle descriptionHtml')
export const PAGES_QUERY = connection('pages', 'id title handle body isPublished')
export const ARTICLES_QUERY = connection(
  'articles',
  'id title handle body isPublished tags author { name } blog { handle title }',
)
export const POLICIES_QUERY = `query StorePolicies { shop { shopPolicies { id title body url type } } }`

export const connectionIn = (name: string) => (data: unknown) => z.record(z.string(), z.unknown()).parse(data)[name]
export const PoliciesDataSchema = z.object({ shop: z.object({ shopPolicies: z.array(z.unknown()) }) })
