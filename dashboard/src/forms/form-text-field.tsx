// A Polaris TextField bound to one field of a useSchemaForm form: its value, its change (which clears the
// field's message) and its message as Polaris' `error`.
import { TextField, type TextFieldProps } from '@shopify/polaris'
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'

type OwnProps = 'value' | 'onChange' | 'onBlur' | 'error' | 'name'

export type FormTextFieldProps<T extends FieldValues, O> = Omit<TextFieldProps, OwnProps> & {
  form: UseFormReturn<T, unknown, O>
  name: FieldPath<T>
  /** The form shows its messages in one place (formProblem), not under the field. */
  hideError?: boolean
  /** A mark the form decides itself (customer information's), shown instead of the field's message. */
  error?: TextFieldProps['error']
}

export function FormTextField<T extends FieldValues, O>({
  form,
  name,
  hideError,
  error,
  ...props
}: FormTextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control: form.control, name })
  return (
    <TextField
      {...props}
      value={String(field.value ?? '')}
      onChange={(value) => {
        field.onChange(value)
        if (fieldState.error) form.clearErrors(name)
      }}
      onBlur={field.onBlur}
      error={error ?? (hideError ? undefined : fieldState.error?.message)}
    />
  )
}
