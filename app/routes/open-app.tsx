// /shopify: where the admin opens the app (with shop, host and id_token), or a merchant types the address.
import { redirect, type LoaderFunctionArgs } from 'react-router'

export function loader({ request }: LoaderFunctionArgs) {
  const { searchParams } = new URL(request.url)
  // React Router adds the /shopify basename to these paths.
  throw redirect(searchParams.has('shop') ? `/app?${searchParams.toString()}` : '/auth/login')
}
