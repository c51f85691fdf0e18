// An embedded form's answer as the admin's toast (App Bridge): its message once it arrives. Errors stay
// on the screen as banners, next to what needs changing.
import { useAppBridge } from '@shopify/app-bridge-react'
import { useEffect } from 'react'

export function useActionToast(result: { message: string } | { error: string } | undefined) {
  const shopify = useAppBridge()
  useEffect(() => {
    if (result && 'message' in result) shopify.toast.show(result.message)
  }, [result, shopify])
}
