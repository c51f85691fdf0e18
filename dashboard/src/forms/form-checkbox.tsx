// A Polaris Checkbox bound to one boolean field of a useSchemaForm form.
import { Checkbox, type CheckboxProps } from '@shopify/polaris'
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form'

export type FormCheckboxProps<T extends FieldValues, O> = Omit<CheckboxProps, 'checked' | 'onChange' | 'error'> & {
  form: UseFormReturn<T, unknown, O>
  name: FieldPath<T>
}

export function FormCheckbox<T extends FieldValues, O>({ form, name, ...props }: FormCheckboxProps<T, O>) {
  const { field, fieldState } = useController({ control: form.control, name })
  return (
    <Checkbox
      {...props}
      checked={Boolean(field.value)}
      onChange={(checked) => {
        field.onChange(checked)
        if (fieldState.error) form.clearErrors(name)
      }}
      error={fieldState.error?.message}
    />
  )
}
