// The tab's search box: the server filters (the `search` parameter), so a long list is searched whole.
import { Icon, TextField } from '@shopify/polaris'
import { SearchIcon } from '@shopify/polaris-icons'

export interface SearchFieldProps {
  label: string
  value: string
  onChange(value: string): void
}

export function SearchField({ label, value, onChange }: SearchFieldProps) {
  return (
    <div role="search">
      <TextField
        label={label}
        labelHidden
        type="search"
        placeholder={`${label}...`}
        value={value}
        onChange={onChange}
        clearButton
        onClearButtonClick={() => onChange('')}
        prefix={<Icon source={SearchIcon} />}
        autoComplete="off"
        maxLength={200}
      />
    </div>
  )
}
