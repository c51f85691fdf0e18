import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { normalizeEmail } from '../accounts/accounts.schemas.ts'
import { clientKey } from './client-key.ts'
import type { LimiterStore } from './limiter-store.ts'
import { secondsToWait, type WaitPolicy } from './seconds-to-wait.ts'
import { AppError } from '../errors/app-error.ts'
import { tooMany } from './too-many.ts'

const SIGN_IN_LINK_HINT = 'You can still sign in now with a one-time link sent to your e-mail address.'

export interface SignInThrottleSettings extends WaitPolicy {
  /** Wrong passwords from one address (to any accounts) per window: an office behind one NAT shares it. */
  failuresPerAddress: number
  addressWindowSeconds: number
  /** Wrong passwords for one account from all addresses per hour: bounds guessing spread over many. */
  failuresPerAccountPerHour: number
}

export interface SignInAttempt {
  /** The password was right: its pair starts afresh, and the address is remembered for the account. */
  succeeded(): Promise<void>
  /** The password was wrong (or the check failed): the attempt stays counted and the pair may have to wait. */
  failed(): Promise<void>
}

export interface BeginSignInOptions {
  /** The e-mail as typed; every spelling the sign-in accepts counts as one account. */
  account: string
  ip: string | undefined
}

export interface SignInThrottle {
  /** Counts one attempt before the password is checked, or refuses it with 429 (decision 026). */
  begin(options: BeginSignInOptions): Promise<SignInAttempt>
  /**
   * The account proved itself from this address another way (signed up, confirmed its e-mail, followed a
   * sign-in link): the address is known from now on, exempt from both ceilings (decision 037).
   */
  rememberAddress(options: BeginSignInOptions): Promise<void>
}

const PAIR_MEMORY_SECONDS = 86_400
// Under 2^31 ms: the memory store keeps each key with a timer, and a longer one would fire at once.
const KNOWN_ADDRESS_SECONDS = 14 * 86_400
// Holds the pair's gate while one attempt past the free ones is being checked, so a burst of guesses
// sent at once gets one check, not one each; the attempt's own wait replaces it when it fails.
const IN_FLIGHT_SECONDS = 30

/** One point taken, or how long until the limiter would take one (the count went up all the same). */
async function take(limiter: RateLimiterAbstract, key: string) {
  try {
    const result = await limiter.consume(key)
    return { count: result.consumedPoints, refusedForMs: null }
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection
    return { count: rejection.consumedPoints, refusedForMs: rejection.msBeforeNext }
  }
}

/**
 * The throttle's 429: besides the wait, it offers the way in that no number of wrong passwords closes, a
 * sign-in link mailed to the account (decision 037). Every refusal offers it, for known and unknown
 * e-mails alike, so the answer says nothing about which exist.
 */
function signInRefusal(msBeforeNext: number) {
  const refusal = tooMany(msBeforeNext)
  return new AppError(refusal.code, refusal.detail, { ...refusal.extra, sign_in_link: true, hint: SIGN_IN_LINK_HINT })
}

/**
 * Password sign-in throttling that an attacker cannot turn against the owner: wrong passwords slow
 * down the account-and-address pair that sends them (progressive waits, no lock), while the same
 * account from another address goes on as usual. Two hard ceilings bound what is left: failures per
 * address and failures per account from everywhere; an address the account signed in from lately (or
 * signed up, confirmed its e-mail or followed a sign-in link from) is exempt from both. Every count is taken before the password is checked, atomically in the store, so
 * concurrent guesses cannot slip past a check; a refused attempt hands its counts back.
 */
export function createSignInThrottle(store: LimiterStore, settings: SignInThrottleSettings): SignInThrottle {
  const perAddress = store.limiter('sign_in_address', settings.failuresPerAddress, settings.addressWindowSeconds)
  const perAccount = store.limiter('sign_in_account', settings.failuresPerAccountPerHour, 3_600)
  const pairFailures = store.limiter('sign_in_pair', Number.MAX_SAFE_INTEGER, PAIR_MEMORY_SECONDS)
  const pairGate = store.limiter('sign_in_pair_wait', 1, IN_FLIGHT_SECONDS)
  const knownAddresses = store.limiter('sign_in_known_address', 1, KNOWN_ADDRESS_SECONDS)

  return {
    async begin({ account, ip }) {
      const addressKey = clientKey(ip)
      const accountKey = normalizeEmail(account)
      const pairKey = `${accountKey}|${addressKey}`
      let isKnown: Promise<boolean> | undefined
      const isKnownAddress = () => (isKnown ??= knownAddresses.get(pairKey).then((found) => found !== null))
      const handBack: (() => Promise<unknown>)[] = []
      const refuse = async (msBeforeNext: number) => {
        await Promise.all(handBack.map((giveBack) => giveBack()))
        return signInRefusal(msBeforeNext)
      }

      const address = await take(perAddress, addressKey)
      handBack.push(() => perAddress.reward(addressKey))
      if (address.refusedForMs !== null && !(await isKnownAddress())) throw await refuse(address.refusedForMs)

      const everywhere = await take(perAccount, accountKey)
      handBack.push(() => perAccount.reward(accountKey))
      if (everywhere.refusedForMs !== null && !(await isKnownAddress())) throw await refuse(everywhere.refusedForMs)

      const pair = await take(pairFailures, pairKey)
      handBack.push(() => pairFailures.reward(pairKey))
      if (pair.count > settings.freeFailures) {
        const gate = await take(pairGate, pairKey)
        if (gate.refusedForMs !== null) throw await refuse(gate.refusedForMs)
      }

      return {
        async succeeded() {
          await Promise.all([
            perAddress.reward(addressKey),
            perAccount.reward(accountKey),
            pairFailures.delete(pairKey),
            pairGate.delete(pairKey),
            knownAddresses.set(pairKey, 1, KNOWN_ADDRESS_SECONDS),
          ])
        },
        async failed() {
          const wait = secondsToWait(pair.count, settings)
          if (wait > 0) await pairGate.block(pairKey, wait)
        },
      }
    },
    async rememberAddress({ account, ip }) {
      await knownAddresses.set(`${normalizeEmail(account)}|${clientKey(ip)}`, 1, KNOWN_ADDRESS_SECONDS)
    },
  }
}
