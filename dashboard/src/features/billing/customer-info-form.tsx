// SPEC sections 2 and 5, Customer information: first name, last name and e-mail required, the rest
// optional, the country from a list; it starts from the account's name and e-mail. Continue to Payment
// keeps the form in this tab (customerInfo, session storage) for the checkout request, and hands on.
import { Banner, BlockStack, Button, Card, Form, FormLayout, Text } from '@shopify/polaris'
import { useEffect, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormSelect } from '../../forms/form-select.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { useSession } from '../../session/session-context.tsx'
import { countryOptions } from './country-options.ts'
import {
  CUSTOMER_INFO_MESSAGES,
  customerInfoProblem,
  forgetCustomerInfo,
  initialCustomerInfo,
  isMissing,
  readCustomerInfo,
  saveCustomerInfo,
  type CustomerInfo,
} from './customer-info.ts'

const PHONE_PROBLEM = 'Please enter a valid phone number'

type Field = keyof CustomerInfo

// The fields as typed; customerInfoProblem (the server's CheckoutCustomerSchema) checks them on submit,
// its one message shown on the e-mail or phone field or above the form.
const CustomerInfoFieldsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
})

const FIELDS: { field: Field; label: string; required?: boolean; type?: 'email' | 'tel'; autoComplete: string }[] = [
  { field: 'firstName', label: 'First name', required: true, autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', required: true, autoComplete: 'family-name' },
  { field: 'email', label: 'Email', required: true, type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { field: 'company', label: 'Company', autoComplete: 'organization' },
  { field: 'address', label: 'Address', autoComplete: 'street-address' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
]

export function CustomerInfoForm({ onSaved }: { onSaved(info: CustomerInfo): void }) {
  const toaster = useToast()
  const { user } = useSession()
  const [initial] = useState<CustomerInfo>(() => initialCustomerInfo(readCustomerInfo(sessionStorage), user))
  const form = useSchemaForm({ schema: CustomerInfoFieldsSchema, defaultValues: initial })
  const info = { ...initial, ...useWatch({ control: form.control }) }
  // A copy an older version of this screen left in local storage goes.
  useEffect(() => forgetCustomerInfo(localStorage), [])
  const countries = useMemo(() => [{ label: 'Choose a country', value: '' }, ...countryOptions()], [])
  const [problem, setProblem] = useState<string | null>(null)
  const checked = form.formState.isSubmitted

  const submit = (info: CustomerInfo) => {
    const found = customerInfoProblem(info)
    setProblem(found)
    if (found) return
    try {
      saveCustomerInfo(sessionStorage, info)
    } catch {
      toaster.error(CUSTOMER_INFO_MESSAGES.failed)
      return
    }
    toaster.success(CUSTOMER_INFO_MESSAGES.saved)
    onSaved(info)
  }

  const fieldError = (field: Field) => {
    if (!checked) return undefined
    if ((field === 'firstName' || field === 'lastName' || field === 'email') && isMissing(info, field)) return true
    if (field === 'email' && problem === CUSTOMER_INFO_MESSAGES.email) return CUSTOMER_INFO_MESSAGES.email
    if (field === 'phone' && problem === PHONE_PROBLEM) return PHONE_PROBLEM
    return undefined
  }

  return (
    <Card>
      <Form onSubmit={() => void form.handleSubmit(submit)()} noValidate>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Your information
          </Text>
          {problem && problem !== CUSTOMER_INFO_MESSAGES.email && problem !== PHONE_PROBLEM ? (
            <Banner tone="critical" title={problem} />
          ) : null}
          <FormLayout>
            <FormLayout.Group>
              {FIELDS.slice(0, 2).map(({ field, label, required, autoComplete }) => (
                <FormTextField
                  key={field}
                  form={form}
                  name={field}
                  label={label}
                  requiredIndicator={required}
                  autoComplete={autoComplete}
                  error={fieldError(field)}
                  maxLength={100}
                />
              ))}
            </FormLayout.Group>
            {FIELDS.slice(2).map(({ field, label, required, type, autoComplete }) => (
              <FormTextField
                key={field}
                form={form}
                name={field}
                label={label}
                type={type}
                requiredIndicator={required}
                autoComplete={autoComplete}
                error={fieldError(field)}
                maxLength={200}
              />
            ))}
            <FormSelect form={form} name="country" label="Country" options={countries} />
            <Button submit variant="primary" fullWidth>
              Continue to Payment
            </Button>
          </FormLayout>
        </BlockStack>
      </Form>
    </Card>
  )
}
