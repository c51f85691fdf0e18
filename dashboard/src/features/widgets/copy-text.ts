// Copies text for the Copy Code buttons. The Clipboard API needs a secure context (https or
// localhost); a dashboard served over plain http on a LAN name falls back to a selected textarea.

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    // Deprecated, but the only way to copy outside a secure context.
    if (!document.execCommand('copy'))
      throw new Error('The browser refused to copy. Select the code and copy it yourself.')
  } finally {
    area.remove()
  }
}
