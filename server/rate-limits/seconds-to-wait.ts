export interface WaitPolicy {
  /** Wrong passwords an account-and-address pair may send before it has to wait. */
  freeFailures: number
  maxWaitSeconds: number
}

/**
 * How long an account-and-address pair waits before its next sign-in attempt after `failures` wrong
 * passwords: nothing for the free ones, then 1 s, 2 s, 4 s … up to the cap. A typo costs nothing;
 * guessing slows down exponentially, yet never locks anyone out for longer than the cap.
 */
export function secondsToWait(failures: number, { freeFailures, maxWaitSeconds }: WaitPolicy): number {
  if (failures <= freeFailures) return 0
  return Math.min(2 ** (failures - freeFailures - 1), maxWaitSeconds)
}
