// The document's format as an icon (SPEC section 3: file_type_icon), with the format named for screen readers.
import { Icon } from '@shopify/polaris'
import { CodeIcon, DataTableIcon, FileIcon, NoteIcon, TextBlockIcon } from '@shopify/polaris-icons'

const ICONS: Record<string, typeof FileIcon> = {
  pdf: FileIcon,
  docx: TextBlockIcon,
  txt: NoteIcon,
  csv: DataTableIcon,
  json: CodeIcon,
}
const NAMES: Record<string, string> = { pdf: 'PDF', docx: 'Word document', txt: 'Text file', csv: 'CSV', json: 'JSON' }

export const formatName = (format: string) => NAMES[format] ?? format.toUpperCase()

export function DocumentFormatIcon({ format }: { format: string }) {
  return (
    <span className="knowledge-name__icon">
      <Icon source={ICONS[format] ?? FileIcon} tone="subdued" accessibilityLabel={formatName(format)} />
    </span>
  )
}
