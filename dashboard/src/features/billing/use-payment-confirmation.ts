// Payment Successful! is said only once the server says the account pays for an active plan. Back from
// Checkout, the provider's confirmation (Stripe's webhook) may still be on its way: the subscription is
// read again every few seconds for a short while; after that the page says plainly that nothing has
// arrived, and Check again starts a new short wait.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { subscriptionQuery } from './billing.queries.ts'
import { isPaidAndActive } from './subscription-state.ts'

const CHECK_EVERY_MS = 2_000
const WAIT_AT_MOST_MS = 16_000

/** confirming: still waiting; paid: the server confirms a paid plan; not-received: the wait ended without it. */
type PaymentConfirmation = 'confirming' | 'paid' | 'not-received'

export function usePaymentConfirmation() {
  const client = useApi()
  const [waiting, setWaiting] = useState(true)
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setWaiting(false), WAIT_AT_MOST_MS)
    return () => clearTimeout(timer)
  }, [waiting])
  const reading = useQuery({
    ...subscriptionQuery(client),
    refetchInterval: (query) => (waiting && !isPaidAndActive(query.state.data) ? CHECK_EVERY_MS : false),
  })
  const paid = isPaidAndActive(reading.data)
  const state: PaymentConfirmation = paid ? 'paid' : waiting || reading.isPending ? 'confirming' : 'not-received'
  const checkAgain = () => {
    setWaiting(true)
    void reading.refetch()
  }
  return { state, reading, checkAgain }
}
