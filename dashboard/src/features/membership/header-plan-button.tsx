// The header's plan button (SPEC section 2: Upgrade Plan, to /app/payment). An account with no plan of
// its own has nothing to upgrade: where limits are enforced it is offered its free trial instead.
import { Button } from '@shopify/polaris'
import { useNavigate } from 'react-router'
import { StartTrialButton } from './start-trial-button.tsx'
import { useMembership } from './use-membership.ts'

export function HeaderPlanButton() {
  const navigate = useNavigate()
  const { canStartTrial } = useMembership()
  if (canStartTrial) return <StartTrialButton />
  return (
    <Button variant="primary" onClick={() => navigate('/app/payment')}>
      Upgrade Plan
    </Button>
  )
}
