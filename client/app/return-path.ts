import { paths } from './paths.js';

/** The query parameter of /auth that holds where to go after signing in. */
export const RETURN_PARAM = 'next';

const ORIGIN_PROBE = 'http://return.invalid';

/**
 * A page to come back to after signing in, only when it is a path on this site: '/item/5' and
 * '/messages?item=5' pass; 'https://evil.example', '//evil.example', '/\evil.example' and
 * 'javascript:…' do not (no open redirect). The sign-in pages themselves are not returned to.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters could be dropped by the URL parser and turn the path into a host.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN_PROBE);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN_PROBE) return null;
  const signInPages: string[] = [paths.auth, paths.forgotPassword, paths.resetPassword];
  if (signInPages.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth, remembering the page the visitor asked for. */
export function authPathReturningTo(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== paths.home
    ? `${paths.auth}?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}`
    : paths.auth;
}
