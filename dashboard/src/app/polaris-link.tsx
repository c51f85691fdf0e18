// Polaris links (Button url, backAction url) go through the router, so moving between screens stays a
// client-side navigation (inside the admin frame too); external addresses open in a new tab.
// Shared by the dashboard and the embedded Shopify admin (app/root.tsx).
import type { AppProviderProps } from '@shopify/polaris'
import type { ComponentProps } from 'react'
import { Link } from 'react-router'

type LinkLikeComponentProps = ComponentProps<NonNullable<AppProviderProps['linkComponent']>>

export function PolarisLink({ url, external, children, ref: _ref, ...rest }: LinkLikeComponentProps) {
  if (external || /^[a-z]+:/i.test(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    )
  }
  return (
    <Link to={url} {...rest}>
      {children}
    </Link>
  )
}
