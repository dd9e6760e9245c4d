import { createHmac, timingSafeEqual } from 'node:crypto';
import { PRODUCT_NAME } from '../../../common/product-copy.js';
import { reachKindLabels, reachKinds, type ReachKind } from '../../../common/schemas/reach.js';
import { escapeHtml } from '../../lib/html.js';

/** What an unsubscribe link stops: one kind of e-mail, or (from a digest) every e-mail. */
export type UnsubscribeScope = ReachKind | 'all';

/**
 * A link that works without signing in, for years (old e-mails keep working): the parent, the
 * scope, and an HMAC of both under the session secret, so nobody can forge another's.
 */
export function unsubscribeToken(secret: string, userId: number, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${signature(secret, userId, scope)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; scope: UnsubscribeScope } | null {
  const [id, scope, given] = token.split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId < 1 || !given) return null;
  if (scope !== 'all' && !reachKinds.includes(scope as ReachKind)) return null;
  const expected = Buffer.from(signature(secret, userId, scope as UnsubscribeScope));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}

function signature(secret: string, userId: number, scope: UnsubscribeScope): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe:${userId}:${scope}`)
    .digest('base64url')
    .slice(0, 32);
}

/** One piece of news, as stored for delivery. */
export type News = { title: string; body: string | null; url: string; createdAt: Date };
export type ComposedEmail = { subject: string; text: string; html: string; unsubscribeUrl: string };

const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

/** One e-mail for one conversation or item: every piece of news gathered since the last. */
export function composeGroupEmail(
  news: News[],
  kind: ReachKind,
  links: { publicUrl: string; unsubscribeUrl: string },
): ComposedEmail {
  const latest = news.at(-1);
  if (!latest) throw new Error('an e-mail needs news');
  const subject = news.length === 1 ? latest.title : `${latest.title} (and ${news.length - 1} more)`;
  const label = reachKindLabels[kind].label.toLowerCase();
  const footer = `You get this e-mail because e-mails about ${label} are on.`;
  return composeEmail(subject, [news], footer, links);
}

/** The morning digest: everything held since the last one, grouped as it would have been sent. */
export function composeDigestEmail(
  groups: News[][],
  links: { publicUrl: string; unsubscribeUrl: string },
): ComposedEmail {
  const count = groups.reduce((total, group) => total + group.length, 0);
  const subject = `Your ${PRODUCT_NAME} digest: ${count} ${count === 1 ? 'update' : 'updates'}`;
  const footer = 'You get one digest a morning because you chose it in Settings.';
  return composeEmail(subject, groups, footer, links);
}

function composeEmail(
  subject: string,
  groups: News[][],
  footer: string,
  { publicUrl, unsubscribeUrl }: { publicUrl: string; unsubscribeUrl: string },
): ComposedEmail {
  const settings = `${publicUrl}/settings`;
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const group of groups) {
    for (const news of group) {
      textParts.push([news.title, news.body].filter(Boolean).join('\n'));
      htmlParts.push(
        `<p><strong>${escapeHtml(news.title)}</strong>${news.body ? `<br>${escapeHtml(news.body)}` : ''}</p>`,
      );
    }
    const link = absolute(publicUrl, group.at(-1)?.url ?? '/');
    textParts.push(`Open in ${PRODUCT_NAME}: ${link}`);
    htmlParts.push(`<p><a href="${escapeHtml(link)}">Open in ${PRODUCT_NAME}</a></p>`);
  }
  return {
    subject,
    unsubscribeUrl,
    text: [
      ...textParts,
      `${footer}\nStop these e-mails: ${unsubscribeUrl}\nChoose what you hear about: ${settings}`,
    ].join('\n\n'),
    html: [
      ...htmlParts,
      `<p style="color:#6b6257;font-size:13px">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">Stop these e-mails</a> · <a href="${escapeHtml(settings)}">Choose what you hear about</a></p>`,
    ].join('\n'),
  };
}
