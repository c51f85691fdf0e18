// A stand-in for App Bridge (https://cdn.shopify.com/shopifycloud/app-bridge.js) in the browser tests:
// the `shopify` global's session tokens (minted by the test with the app's secret, through the exposed
// mintSessionToken), toasts, and the ui-save-bar element's show and hide, each recorded for the test;
// the menu and title bar elements are hidden, as the admin draws them outside the frame; calls to the
// app's own origin get a session token, as App Bridge gives them, and a 401 naming an address to leave
// for (billing's confirmation page) is recorded as the redirect App Bridge would make.

export interface FakeAppBridgeRecord {
  toasts: { message: string; isError: boolean; duration: number | null; action: string | null }[]
  idTokens: number
  /** Where App Bridge would have sent the admin's top window (a response's reauthorize header: billing's confirmation page). */
  redirects: string[]
}

export const FAKE_APP_BRIDGE = `
(() => {
  const record = { toasts: [], idTokens: 0, redirects: [] }
  window.appBridgeRecord = record
  const toastActions = []
  window.pressToastAction = (index) => toastActions[index]()
  window.shopify = {
    idToken: () => { record.idTokens += 1; return window.mintSessionToken() },
    toast: {
      show: (message, options) => {
        record.toasts.push({ message: String(message), isError: Boolean(options && options.isError), duration: (options && options.duration) || null, action: (options && options.action) || null })
        // The toast's button, pressed by the test as a merchant would: window.pressToastAction(index).
        toastActions[record.toasts.length - 1] = options && options.onAction
        return 'toast-' + record.toasts.length
      },
      hide: () => {},
    },
  }
  class FakeSaveBar extends HTMLElement {
    connectedCallback() { if (!this.hasAttribute('data-shown')) this.setAttribute('data-shown', 'false') }
    show() { this.setAttribute('data-shown', 'true'); this.dispatchEvent(new Event('show')); return Promise.resolve() }
    hide() { this.setAttribute('data-shown', 'false'); this.dispatchEvent(new Event('hide')); return Promise.resolve() }
    toggle() { return this.showing ? this.hide() : this.show() }
    get showing() { return this.getAttribute('data-shown') === 'true' }
  }
  customElements.define('ui-save-bar', FakeSaveBar)
  // As App Bridge does, calls to the app's own origin carry a session token (React Router's data requests).
  const nativeFetch = window.fetch.bind(window)
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href)
    const headers = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined))
    if (url.origin !== location.origin || headers.has('Authorization')) return nativeFetch(input, init)
    headers.set('Authorization', 'Bearer ' + (await window.mintSessionToken()))
    const response = await nativeFetch(input, { ...init, headers })
    // App Bridge leaves the app for the address a 401 names (billing.request's confirmation page).
    const leaveFor = response.headers.get('X-Shopify-API-Request-Failure-Reauthorize-Url')
    if (response.status === 401 && leaveFor) record.redirects.push(leaveFor)
    return response
  }
  // The admin draws the menu and the title bar outside the app's frame.
  for (const name of ['ui-nav-menu', 'ui-title-bar']) customElements.define(name, class extends HTMLElement { connectedCallback() { this.hidden = true } })
})()
`
