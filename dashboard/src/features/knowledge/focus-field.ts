/** Brings an add form's field into view and puts the cursor in it (an empty list's button: "Add a page"). */
export function focusField(id: string) {
  const field = document.getElementById(id)
  field?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  field?.focus({ preventScroll: true })
}
