/**
 * This browser's IANA time zone (such as America/Chicago), or undefined when it does not say.
 * Sent with sign-up, sign-in and push subscriptions so quiet hours follow the parent's clock.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The body with this browser's time zone added, when the browser knows it. */
export function withTimeZone<Body extends object>(body: Body): Body & { timeZone?: string } {
  const timeZone = browserTimeZone();
  return timeZone ? { ...body, timeZone } : body;
}
