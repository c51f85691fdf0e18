/** p50/p99 of sequential requests, and throughput with `concurrency` requests in flight. */
export async function measureLatency(url: string, { requests = 1_000, concurrency = 16 } = {}) {
  for (let i = 0; i < 50; i++) await (await fetch(url)).arrayBuffer() // warm-up
  const durations: number[] = []
  for (let i = 0; i < requests; i++) {
    const started = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    durations.push(performance.now() - started)
  }
  durations.sort((a, b) => a - b)
  const percentile = (p: number) =>
    durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))] ?? 0

  let remaining = requests
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (remaining-- > 0) await (await fetch(url)).arrayBuffer()
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return { p50Ms: percentile(50), p99Ms: percentile(99), requestsPerSecond: requests / seconds }
}
