// "Embed all" in a knowledge tab's toolbar: shown while items of the tab's kind wait for Embed (on any
// page of the list), so an agent that does not train automatically is trained in one click.
import { Button } from '@shopify/polaris'
import type { KnowledgeKind } from './knowledge.types.ts'
import type { KnowledgeActions } from './use-knowledge-actions.ts'

const NOUNS: Record<KnowledgeKind, [string, string]> = {
  document: ['document', 'documents'],
  text: ['text', 'texts'],
  website: ['website', 'websites'],
}

export function EmbedAllButton({
  kind,
  pending,
  actions,
}: {
  kind: KnowledgeKind
  pending: number | undefined
  actions: KnowledgeActions
}) {
  if (!pending || !actions.canEdit) return null
  const [one, many] = NOUNS[kind]
  return (
    <Button
      onClick={() => actions.embedAll(kind)}
      loading={actions.busy.embedAll}
      accessibilityLabel={`Embed all ${pending} ${pending === 1 ? one : many} waiting to be embedded`}
    >
      {`Embed all (${pending})`}
    </Button>
  )
}
