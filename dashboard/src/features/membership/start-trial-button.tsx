// "Start Free Trial" for an account without a plan of its own (it joined through a team invitation): asks
// first, since the trial is the account's one free trial, then starts it (POST /plans/start-trial/).
import { Button, Modal, Text } from '@shopify/polaris'
import { useState } from 'react'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { billingRoutes } from '../../api/routes/billing-routes.ts'

export function StartTrialButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const [asking, setAsking] = useState(false)
  const start = useApiMutation<void, { message: string }>({
    run: (client) => client.call(billingRoutes.startTrial),
    errorTitle: 'Could not start the trial',
    // Every billing reading: the plan, its standing, the notifications.
    invalidates: [['billing']],
    onSuccess: () => setAsking(false),
  })
  return (
    <>
      <Button variant={variant} onClick={() => setAsking(true)}>
        Start Free Trial
      </Button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title="Start your free trial?"
        primaryAction={{ content: 'Start Free Trial', loading: start.isPending, onAction: () => start.mutate() }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setAsking(false), disabled: start.isPending }]}
      >
        <Modal.Section>
          <Text as="p">
            Your own 14-day free trial, no card needed, for agents of your own. The teams you are in keep working as
            they do: their agents run on their owner's plan.
          </Text>
        </Modal.Section>
      </Modal>
    </>
  )
}
