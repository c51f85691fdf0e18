// Plays the demo's steps like a short video: one step after another, stopping after the last, with
// pause, play (replay once it has ended) and going to a step. Visitors who ask for reduced motion
// start paused.
import { useCallback, useEffect, useState } from 'react'

export interface Walkthrough {
  index: number
  isPlaying: boolean
  hasEnded: boolean
  /** Changes whenever a step (re)starts, so the scene's animations start again from the beginning. */
  run: number
  play(): void
  pause(): void
  goTo(index: number): void
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

export function useWalkthrough(stepCount: number, stepMs: number): Walkthrough {
  const [index, setIndex] = useState(0)
  const [isPlaying, setPlaying] = useState(() => !prefersReducedMotion())
  const [hasEnded, setEnded] = useState(false)
  const [run, setRun] = useState(0)

  useEffect(() => {
    if (!isPlaying) return
    const timer = setTimeout(() => {
      if (index + 1 >= stepCount) {
        setPlaying(false)
        setEnded(true)
        return
      }
      setIndex(index + 1)
      setRun((current) => current + 1)
    }, stepMs)
    return () => clearTimeout(timer)
  }, [isPlaying, index, run, stepCount, stepMs])

  const play = useCallback(() => {
    if (hasEnded) setIndex(0)
    setEnded(false)
    setRun((current) => current + 1)
    setPlaying(true)
  }, [hasEnded])
  const pause = useCallback(() => setPlaying(false), [])
  const goTo = useCallback(
    (next: number) => {
      setIndex(Math.min(Math.max(next, 0), stepCount - 1))
      setEnded(false)
      setRun((current) => current + 1)
      setPlaying(false)
    },
    [stepCount],
  )
  return { index, isPlaying, hasEnded, run, play, pause, goTo }
}
