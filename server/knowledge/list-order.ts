import type { ItemListQuery } from './knowledge.schemas.ts'

/** The order of a knowledge list: by name or creation time, either way, ties broken by id so pages never overlap. */
export function listOrder<NameField extends string>(query: ItemListQuery, nameField: NameField) {
  const direction = query.sort_by.startsWith('-') ? ('desc' as const) : ('asc' as const)
  return query.sort_by.endsWith('name')
    ? [{ [nameField]: direction } as Record<NameField, 'asc' | 'desc'>, { id: 'asc' as const }]
    : [{ createdAt: direction }, { id: direction }]
}

/** Where a page of the list starts and how long it is. */
export function pageWindow(query: ItemListQuery) {
  return { skip: (query.page - 1) * query.page_size, take: query.page_size }
}
