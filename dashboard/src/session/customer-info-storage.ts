// Where the customer information form keeps its details in the tab (features/billing/customer-info.ts):
// here, beside the session, because signing out forgets them too and the session imports no feature.
export const CUSTOMER_INFO_KEY = 'customerInfo'

/** Drops the kept details (after payment, at sign-out; and any copy an older version left in local storage). */
export function forgetCustomerInfo(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(CUSTOMER_INFO_KEY)
}
