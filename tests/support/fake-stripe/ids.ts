// Stripe-looking ids and timestamps.
import { randomInt } from 'node:crypto'

export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const newId = (prefix: string) =>
  `${prefix}_${Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`
export const nowSeconds = () => Math.floor(Date.now() / 1000)
