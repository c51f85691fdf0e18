// The embed code of a widget integration, as the Widget page's General Website and Shopify Store tabs
// show it (SPEC section 2). Generated on the client from the integration; pure, so both admins use it.

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function scriptTag(serverOrigin: string, clientKey: string, extra = ''): string {
  const src = `${serverOrigin.replace(/\/+$/, '')}/widget/v1/widget.js`
  return `<script src="${escapeAttribute(src)}" data-client-key="${escapeAttribute(clientKey)}"${extra} async></script>`
}

/** For any website: one line before the closing body tag. */
export function generalWebsiteEmbedCode(serverOrigin: string, clientKey: string): string {
  return `<!-- AgentDesk chat widget -->\n${scriptTag(serverOrigin, clientKey)}`
}

/** For a Shopify theme's theme.liquid, with the debug attribute the instructions mention. */
export function shopifyEmbedCode(serverOrigin: string, clientKey: string): string {
  return `<!-- AgentDesk chat widget: paste just before </body> in layout/theme.liquid -->\n${scriptTag(serverOrigin, clientKey, ' data-debug="false"')}`
}

/** The Shopify Store tab's five steps. */
export const SHOPIFY_STEPS = [
  'Open your theme code editor: Online Store › Themes › … › Edit code.',
  'Open layout/theme.liquid.',
  'Paste the code just before the closing </body> tag.',
  'Save the file.',
  'Open your store and check that the chat launcher appears.',
] as const

export const SHOPIFY_NOTES = [
  'A theme update replaces theme.liquid: add the code again after updating your theme.',
  'Set data-debug="true" to see what the widget does in the browser console.',
] as const
