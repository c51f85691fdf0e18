// Reading Stripe's form-encoded parameters: nested keys, and typed values with Stripe's errors.
import type Stripe from 'stripe'
import { invalid, parameterMissing } from './errors.ts'
import type { FormParams, FormValue } from './wire.ts'

export function parseForm(text: string): FormParams {
  const root: Record<string, FormValue> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split('[').map((segment, index) => (index === 0 ? segment : segment.replace(/\]$/, '')))
    let container = root
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(container).length) : segment
      if (index === path.length - 1) container[name] = value
      else {
        const next = container[name]
        container = typeof next === 'object' && !Array.isArray(next) ? next : (container[name] = {})
      }
    })
  }
  const withArrays = (value: FormValue): FormValue => {
    if (typeof value === 'string' || Array.isArray(value)) return value
    const keys = Object.keys(value)
    if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key)))
      return keys.sort((a, b) => Number(a) - Number(b)).map((key) => withArrays(value[key] as FormValue))
    return Object.fromEntries(keys.map((key) => [key, withArrays(value[key] as FormValue)]))
  }
  return withArrays(root) as FormParams
}

export const textOf = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined)
export const objectOf = (value: FormValue | undefined) =>
  typeof value === 'object' && !Array.isArray(value) ? value : {}
export const listOf = (value: FormValue | undefined) =>
  Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? [value]
      : typeof value === 'object'
        ? Object.values(value)
        : []

export function integerOf(params: FormParams, param: string): number | undefined {
  const value = textOf(params[param])
  if (value === undefined) return undefined
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, param)
  return Number(value)
}

export function required(params: FormParams, param: string): string {
  const value = textOf(params[param])
  if (!value) throw parameterMissing(param)
  return value
}

/** Metadata as Stripe updates it: an empty value unsets a key, an empty `metadata` clears them all. */
export function mergeMetadata(current: Stripe.Metadata, update: FormValue | undefined): Stripe.Metadata {
  if (update === undefined) return current
  if (update === '') return {}
  const merged = { ...current }
  for (const [key, value] of Object.entries(objectOf(update))) {
    if (value === '') delete merged[key]
    else merged[key] = String(value)
  }
  return merged
}
