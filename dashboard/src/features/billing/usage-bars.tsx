// SPEC section 2, Usage & Plan: a progress bar per limit with the percent used (capped at 100), the
// numbers in K and M, an unlimited limit as ∞.
import { BlockStack, Card, ProgressBar, Text } from '@shopify/polaris'
import { useId } from 'react'
import { formatCount } from '../../shared/format/format-count.ts'
import { formatLimit, UNLIMITED, type UsageFigure } from './usage-figures.ts'

function UsageBar({ figure }: { figure: UsageFigure }) {
  const labelId = useId()
  const tone = figure.percent >= 100 ? 'critical' : figure.percent >= 80 ? 'highlight' : 'primary'
  return (
    <div data-testid={`usage-${figure.name}`}>
      <div className="usage-bar__head" id={labelId}>
        <Text as="span" fontWeight="semibold">
          {figure.label}
        </Text>
        <Text as="span" tone="subdued">
          {`${formatCount(figure.used)} / ${formatLimit(figure.limit)}`}
        </Text>
      </div>
      <ProgressBar progress={figure.percent} tone={tone} size="small" ariaLabelledBy={labelId} animated={false} />
      <Text as="p" variant="bodySm" tone="subdued">
        {figure.limit === UNLIMITED ? 'Unlimited' : `${figure.percent}% used`}
      </Text>
    </div>
  )
}

export function UsageBars({ figures, title = 'Usage this period' }: { figures: UsageFigure[]; title?: string }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <div className="usage-bars">
          {figures.map((figure) => (
            <UsageBar key={figure.name} figure={figure} />
          ))}
        </div>
      </BlockStack>
    </Card>
  )
}
