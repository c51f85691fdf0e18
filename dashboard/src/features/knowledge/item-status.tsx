// The status cell: the item's state and whether it is embedded, the live progress of a running job
// (announced politely to screen readers), and why it failed.
import { Badge, BlockStack, InlineStack, ProgressBar, Text } from '@shopify/polaris'
import { useId } from 'react'
import { isJobActive } from './knowledge.queries.ts'
import type { KnowledgeRow } from './knowledge-rows.ts'
import type { KnowledgeJob } from './knowledge.types.ts'

const JOB_WORDS: Record<string, string> = {
  'extract-document': 'Reading',
  'crawl-website': 'Crawling',
  'embed-item': 'Embedding',
}

/** "Crawling 45%: Read 3 of 7 pages", or "Embedding: waiting to start". */
function describeJob(job: KnowledgeJob): string {
  const doing = JOB_WORDS[job.kind] ?? 'Working'
  if (job.status === 'queued')
    return job.attempts > 0 ? `${doing}: trying again (attempt ${job.attempts + 1})` : `${doing}: waiting to start`
  return `${doing} ${Math.round(job.progress)}%${job.progress_detail ? `: ${job.progress_detail}` : ''}`
}

export function ItemStatus({ row }: { row: KnowledgeRow }) {
  const labelId = useId()
  const running = isJobActive(row.job) && row.job ? row.job : null
  return (
    <BlockStack gap="150">
      <InlineStack gap="100" wrap>
        {/* The overrides replace Polaris's tone words ("Success", "Complete") with what the badge is about. */}
        <Badge tone={row.statusTone} toneAndProgressLabelOverride="Status:">
          {row.statusLabel}
        </Badge>
        {row.embedded ? (
          <Badge tone="success" progress="complete" toneAndProgressLabelOverride="Index:">
            Embedded
          </Badge>
        ) : (
          <Badge progress="incomplete" toneAndProgressLabelOverride="Index:">
            Not embedded
          </Badge>
        )}
      </InlineStack>
      <div aria-live="polite" className="knowledge-progress">
        {running ? (
          <BlockStack gap="100">
            <ProgressBar
              progress={Math.round(running.progress)}
              size="small"
              tone="highlight"
              ariaLabelledBy={labelId}
            />
            <span id={labelId}>
              <Text as="span" variant="bodySm" tone="subdued">
                {describeJob(running)}
              </Text>
            </span>
          </BlockStack>
        ) : null}
      </div>
      {row.failure ? (
        <Text as="p" variant="bodySm" tone="critical">
          {row.failure}
        </Text>
      ) : null}
    </BlockStack>
  )
}
