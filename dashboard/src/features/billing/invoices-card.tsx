// SPEC section 2, Settings, Billing & Plans: the invoices table, which has none to list.
import { BlockStack, Card, Text } from '@shopify/polaris'

export function InvoicesCard() {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd" id="invoices-title">
          Invoices
        </Text>
        <div className="billing-table-wrap" role="region" aria-labelledby="invoices-title">
          <table className="billing-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td colSpan={3} className="billing-table__empty">
                  No invoices available
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </BlockStack>
    </Card>
  )
}
