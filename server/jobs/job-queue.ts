/** Where new jobs are announced, so an idle worker starts at once instead of at its next poll (any job kind). */
export interface JobQueue {
  wake(): void
}
