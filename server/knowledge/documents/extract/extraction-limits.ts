import type { Config } from '../../../config/config.schemas.ts'

/** What reading one uploaded file may take; a file that needs more fails with the reason. */
export interface ExtractionLimits {
  /** Extraction threads this process runs at once (jobs wait for one; a chat attachment goes without). */
  maxThreads: number
  /** The worker thread's heap (its old generation), in MB; its buffers outside the heap get as much again. */
  memoryMb: number
  timeoutMs: number
  /** What a .docx (a zip) may inflate to, all its parts together. */
  maxExpandedBytes: number
  maxPages: number
  maxRows: number
  /** Characters of text one file may give. */
  maxTextCharacters: number
  /** How deeply a JSON file may nest (a path of 100,000 keys is no one's knowledge). */
  maxJsonDepth: number
  /**
   * Reading may stop once this many characters are in hand, and is not refused for being longer: a
   * chat attachment's answer reads only the start of the file.
   */
  enoughCharacters?: number
}

const MB = 1024 * 1024

export function extractionLimitsOf(config: Config): ExtractionLimits {
  return {
    maxThreads: config.EXTRACT_THREADS,
    memoryMb: config.EXTRACT_MEMORY_MB,
    timeoutMs: config.EXTRACT_TIMEOUT_SECONDS * 1_000,
    maxExpandedBytes: config.EXTRACT_MAX_EXPANDED_MB * MB,
    maxPages: config.EXTRACT_MAX_PAGES,
    maxRows: config.EXTRACT_MAX_ROWS,
    maxTextCharacters: config.EXTRACT_MAX_TEXT_MB * 1_000_000,
    maxJsonDepth: 64,
  }
}

/** A visitor's chat attachment: only its start is read, within tighter limits than an upload's. */
export function attachmentLimitsOf(limits: ExtractionLimits, characters: number): ExtractionLimits {
  return {
    ...limits,
    memoryMb: Math.min(limits.memoryMb, 256),
    timeoutMs: Math.min(limits.timeoutMs, 20_000),
    maxExpandedBytes: Math.min(limits.maxExpandedBytes, 20 * MB),
    maxPages: Math.min(limits.maxPages, 50),
    maxRows: Math.min(limits.maxRows, 5_000),
    maxTextCharacters: Math.max(characters * 4, 1_000_000),
    enoughCharacters: characters,
  }
}

/** 1234567 → "1,234,567", for the reasons a user reads. */
export const formatCount = (value: number) => value.toLocaleString('en-US')
