// How people reach support, as the server's operator configured it (SUPPORT_EMAIL, SUPPORT_PHONE; GET
// /support-contact/). Nothing while it is asked or when the server cannot say: the screens then show no
// address or phone, never a made-up one.
import { useQuery } from '@tanstack/react-query'
import type { SupportContact } from '#server/support/support-contact.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { statsRoutes } from '../../api/routes/stats-routes.ts'

const NONE: SupportContact = { email: null, phone: null }

export function useSupportContact(): SupportContact {
  const client = useApi()
  const contact = useQuery({
    queryKey: ['support-contact'],
    queryFn: () => client.call(statsRoutes.supportContact),
    staleTime: Infinity,
    retry: 1,
  })
  return contact.data ?? NONE
}

/** A tel: link's number: the digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
