// The create call is multipart (SPEC section 7) so the logo travels with the fields; booleans go as
// "true"/"false", which the server's schema reads back.
import type { NewIntegration } from '#server/widgets/widgets.schemas.ts'

export function integrationFormData(payload: NewIntegration, logo: File | null): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) form.append(name, String(value))
  }
  if (logo) form.append('website_logo', logo, logo.name)
  return form
}
