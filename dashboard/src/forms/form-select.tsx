// A Polaris Select bound to one field of a useSchemaForm form.
import { Select, type SelectProps } from '@shopify/polaris'
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'

export type FormSelectProps<T extends FieldValues, O> = Omit<SelectProps, 'value' | 'onChange' | 'error'> & {
  form: UseFormReturn<T, unknown, O>
  name: FieldPath<T>
}

export function FormSelect<T extends FieldValues, O>({ form, name, ...props }: FormSelectProps<T, O>) {
  const { field, fieldState } = useController({ control: form.control, name })
  return (
    <Select
      {...props}
      value={String(field.value ?? '')}
      onChange={(value) => {
        field.onChange(value)
        if (fieldState.error) form.clearErrors(name)
      }}
      error={fieldState.error?.message}
    />
  )
}
