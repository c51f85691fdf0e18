// A password box with a Show/Hide button (SPEC section 2, Auth screen), bound to a useSchemaForm field.
// The form shows its messages in one place, so the box shows none.
import { Button } from '@shopify/polaris'
import { useState } from 'react'
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { FormTextField } from '../../forms/form-text-field.tsx'

export function PasswordField<T extends FieldValues, O>({
  form,
  name,
  label,
  autoComplete,
  helpText,
}: {
  form: UseFormReturn<T, unknown, O>
  name: FieldPath<T>
  label: string
  autoComplete: 'current-password' | 'new-password'
  helpText?: string
}) {
  const [shown, setShown] = useState(false)
  return (
    <FormTextField
      form={form}
      name={name}
      hideError
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
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
