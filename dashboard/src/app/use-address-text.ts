import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useDebouncedValue } from './use-debounced-value.ts'

/**
 * Text typed into a field that the address also keeps (a search box). The field shows what was typed at
 * once; the address gets it once typing pauses. Keys are never lost while a navigation is still settling
 * (in the embedded admin an address change is an asynchronous navigation), and a change of the address
 * from elsewhere (back, a link, a cleared chip) shows in the field.
 */
export function useAddressText(fromAddress: string, writeToAddress: (text: string) => void, delayMs = 300) {
  const [typed, setTyped] = useState(fromAddress)
  const written = useRef(fromAddress)
  const write = useRef(writeToAddress)
  useLayoutEffect(() => {
    write.current = writeToAddress
  })

  useEffect(() => {
    if (fromAddress === written.current) return
    written.current = fromAddress
    setTyped(fromAddress)
  }, [fromAddress])

  const settled = useDebouncedValue(typed, delayMs)
  useEffect(() => {
    if (settled === written.current) return
    written.current = settled
    write.current(settled)
  }, [settled])

  /** Set the text and the address together, without waiting (a clear button). */
  const replace = (text: string) => {
    written.current = text
    setTyped(text)
    write.current(text)
  }
  return { typed, settled, setTyped, replace }
}
