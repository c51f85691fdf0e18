// A password box with a Show/Hide button (SPEC section 2, Auth screen).
import { Button, TextField } from '@shopify/polaris'
import { useState } from 'react'

export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  helpText,
}: {
  label: string
  value: string
  onChange(value: string): void
  autoComplete: 'current-password' | 'new-password'
  helpText?: string
}) {
  const [shown, setShown] = useState(false)
  return (
    <TextField
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
      helpText={helpText}
      connectedRight={
        <Button
          onClick={() => setShown(!shown)}
          accessibilityLabel={shown ? 'Hide password' : 'Show password'}
          pressed={shown}
        >
          {shown ? 'Hide' : 'Show'}
        </Button>
      }
    />
  )
}
