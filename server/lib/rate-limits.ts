/**
 * Every abuse limit of LittleLoop, in one table (docs/SECURITY.md lists it). Modelled on
 * Mastodon's rack-attack rules and Discourse's rate limits: sign-in failures counted per
 * network address across all accounts (password spraying) and per account across all
 * addresses (one account guessed from many), with lock-outs that double while an attack goes
 * on; sign-ups, messages, reports and uploads counted per parent and per address.
 * Counting lives in throttle.ts; the numbers reach the app through Config.rateLimits, so a
 * test can lower one and a load test can raise them all (RATE_LIMIT_FACTOR).
 */

/**
 * At most `max` counted attempts per key in `windowMs`. With `backoff`, a window that ended over
 * the limit and is followed at once by more attempts makes the next window twice as long (up to
 * a day): a lock-out that doubles while the attack goes on and resets once it stops.
 */
export type ThrottleRule = {
  max: number;
  windowMs: number;
  refusal: (minutes: number) => string;
  backoff?: boolean;
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;
const waitAndRetry = (minutes: number) => `Please wait ${minutesText(minutes)} and try again.`;

const FAILED_SIGN_INS = (minutes: number) => `Too many failed attempts. ${waitAndRetry(minutes)}`;

export const DEFAULT_RATE_LIMITS = {
  /** Failed sign-ins from one address, whatever the accounts (password spraying). */
  signInPerAddress: { max: 30, windowMs: 15 * MINUTE, backoff: true, refusal: FAILED_SIGN_INS },
  /** Failed sign-ins of one account, whatever the addresses (one password guessed from many). */
  signInPerAccount: { max: 10, windowMs: 15 * MINUTE, backoff: true, refusal: FAILED_SIGN_INS },
  /** Every sign-up attempt from one address. */
  signUpPerAddress: {
    max: 20,
    windowMs: HOUR,
    refusal: (minutes) => `Too many sign-ups from this network. ${waitAndRetry(minutes)}`,
  },
  messagesPerUser: {
    max: 20,
    windowMs: MINUTE,
    refusal: (minutes) => `You are sending messages too quickly. ${waitAndRetry(minutes)}`,
  },
  messagesPerUserHourly: {
    max: 200,
    windowMs: HOUR,
    refusal: (minutes) => `You have sent a lot of messages this hour. ${waitAndRetry(minutes)}`,
  },
  messagesPerAddress: {
    max: 60,
    windowMs: MINUTE,
    refusal: (minutes) => `Too many messages from this network. ${waitAndRetry(minutes)}`,
  },
  reportsPerUser: {
    max: 20,
    windowMs: DAY,
    refusal: (minutes) => `You have sent a lot of reports today. ${waitAndRetry(minutes)}`,
  },
  reportsPerAddress: {
    max: 50,
    windowMs: DAY,
    refusal: (minutes) => `Too many reports from this network. ${waitAndRetry(minutes)}`,
  },
  /** New listings (a bulk listing counts once): a garage sale's worth, not a flood. */
  listingsPerUser: {
    max: 30,
    windowMs: 10 * MINUTE,
    refusal: (minutes) => `You are listing items very quickly. ${waitAndRetry(minutes)}`,
  },
  listingsPerUserDaily: {
    max: 200,
    windowMs: DAY,
    refusal: (minutes) => `You have listed a lot of items today. ${waitAndRetry(minutes)}`,
  },
  /** New conversations (a message in an open one is counted as a message). */
  conversationsPerUser: {
    max: 30,
    windowMs: HOUR,
    refusal: (minutes) => `You have started a lot of conversations this hour. ${waitAndRetry(minutes)}`,
  },
  /** Referral codes tried, right or wrong: codes are not guessed. */
  referralAttemptsPerUser: {
    max: 10,
    windowMs: HOUR,
    refusal: (minutes) => `Too many referral codes tried. ${waitAndRetry(minutes)}`,
  },
  /** Photo uploads cost real CPU (decoding, re-encoding). */
  uploadsPerUser: {
    max: 60,
    windowMs: 10 * MINUTE,
    refusal: (minutes) => `Too many uploads. ${waitAndRetry(minutes)}`,
  },
  uploadsPerAddress: {
    max: 200,
    windowMs: 10 * MINUTE,
    refusal: (minutes) => `Too many uploads from this network. ${waitAndRetry(minutes)}`,
  },
  verificationEmailsPerUser: {
    max: 5,
    windowMs: HOUR,
    refusal: (minutes) => `Too many verification e-mails. ${waitAndRetry(minutes)}`,
  },
  /**
   * Reset e-mails asked for one e-mail address from one network address, whether or not it has
   * an account: someone else asking for hers does not use up what its owner may ask.
   */
  passwordResetPerEmail: {
    max: 3,
    windowMs: HOUR,
    refusal: (minutes) => `Too many reset requests for this address. ${waitAndRetry(minutes)}`,
  },
  /** Reset e-mails asked for one e-mail address from anywhere: a mailbox is not flooded. */
  passwordResetPerEmailAnywhere: {
    max: 10,
    windowMs: HOUR,
    refusal: (minutes) => `Too many reset requests for this address. ${waitAndRetry(minutes)}`,
  },
  /** Reset e-mails asked for from one network address. */
  passwordResetPerAddress: {
    max: 10,
    windowMs: HOUR,
    refusal: (minutes) => `Too many reset requests. ${waitAndRetry(minutes)}`,
  },
  /** New passwords set with a reset token from one address (tokens are guessed nowhere). */
  passwordResetTokensPerAddress: {
    max: 10,
    windowMs: 15 * MINUTE,
    backoff: true,
    refusal: FAILED_SIGN_INS,
  },
  /** Wrong passwords when deleting one's own account. */
  accountDeletionFailuresPerUser: { max: 10, windowMs: 15 * MINUTE, refusal: FAILED_SIGN_INS },
  /** Attempts to change one's password (a stolen session must not guess the current one). */
  passwordChangesPerUser: { max: 10, windowMs: 15 * MINUTE, backoff: true, refusal: FAILED_SIGN_INS },
} satisfies Record<string, ThrottleRule>;

export type RateLimits = Record<keyof typeof DEFAULT_RATE_LIMITS, ThrottleRule>;

/** The table with every max multiplied by factor (RATE_LIMIT_FACTOR: load tests only). */
export function scaleRateLimits(factor: number, limits: RateLimits = DEFAULT_RATE_LIMITS): RateLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, rule]) => [name, { ...rule, max: Math.round(rule.max * factor) }]),
  ) as RateLimits;
}
