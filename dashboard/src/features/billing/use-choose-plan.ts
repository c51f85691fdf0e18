// SPEC section 4, Payment: choosing a plan without stored customer information goes to the customer
// information first; with it, a checkout session for the plan's price in the chosen currency, and the
// browser goes to the provider's checkout page.
import { useNavigate } from 'react-router'
import { useToast } from '../../feedback/toast-context.tsx'
import { useStartCheckout } from './billing.mutations.ts'
import type { Plan } from '#server/billing/billing.schemas.ts'
import { forgetCustomerInfo, readCustomerInfo, toCheckoutCustomer } from './customer-info.ts'
import { priceIn } from './plan-prices.ts'

const NO_PRICE = 'Price not available for selected currency'

export function useChoosePlan(currency: string) {
  const navigate = useNavigate()
  const toaster = useToast()
  const checkout = useStartCheckout()
  const choose = (plan: Plan) => {
    forgetCustomerInfo(localStorage)
    const info = readCustomerInfo(sessionStorage)
    if (!info) {
      void navigate(`/app/customer-info?plan=${plan.id}`)
      return
    }
    const price = priceIn(plan, currency)
    if (!price) {
      toaster.error('Payment failed', NO_PRICE)
      return
    }
    checkout.mutate({ priceId: price.price_id, origin: window.location.origin, customer: toCheckoutCustomer(info) })
  }
  return { choose, checkout }
}
