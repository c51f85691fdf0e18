// SPEC section 8: when the Widget page itself breaks, say so in the page instead of a blank screen;
// the details go to the console, as the message promises.
import { Banner } from '@shopify/polaris'
import { Component, type ErrorInfo, type ReactNode } from 'react'

export class WidgetErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The widget configuration failed to render', error, info.componentStack)
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <Banner tone="critical" title="Something went wrong">
        <p>Error loading widget configuration. Please check the console for more details.</p>
      </Banner>
    )
  }
}
