// The conversation stays at its newest line when its box shrinks under it: a bar appearing below (the
// e-mail bar offered when nobody from the team is free, an attachment's chip) or a phone's keyboard
// opening would otherwise cover the newest lines, the notice that explains the bar among them. A reader
// who scrolled back stays where they were.
export function keepLogEnd(log: HTMLElement): () => void {
  let height = log.clientHeight
  const watcher = new ResizeObserver(() => {
    const wasAtEnd = log.scrollHeight - log.scrollTop - height < 8
    height = log.clientHeight
    if (wasAtEnd) log.scrollTop = log.scrollHeight
  })
  watcher.observe(log)
  return () => watcher.disconnect()
}
