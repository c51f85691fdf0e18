/** Why a page or a site could not be fetched; the reason is shown on the website item. */
export class CrawlError extends Error {
  /** True when trying again cannot help (a refused address, robots.txt); false for timeouts and outages. */
  readonly isPermanent: boolean

  constructor(message: string, { isPermanent = false } = {}) {
    super(message)
    this.isPermanent = isPermanent
  }
}
