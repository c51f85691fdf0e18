// The dashboard's one form helper (decision 055): react-hook-form over a zod schema, most often the
// server's own (`server/*/*.schemas.ts`), so the browser and the API refuse with the same words.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form'
import type { z } from 'zod'

export interface SchemaFormOptions<Input extends FieldValues, Output> {
  schema: z.ZodType<Output, Input>
  defaultValues: DefaultValues<Input>
}

/**
 * A form checked by `schema` when it is submitted: `handleSubmit` hands the parsed (trimmed, normalised)
 * values on, or puts each field's first message on it. A message stays until its field changes (the
 * Form* fields clear it) or the next submit; nothing is checked while typing, as before the helper.
 */
export function useSchemaForm<Input extends FieldValues, Output>({
  schema,
  defaultValues,
}: SchemaFormOptions<Input, Output>) {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Polaris fields take no ref, and the screens never moved focus to a refused field.
    shouldFocusError: false,
  })
}
