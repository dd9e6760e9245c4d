import { LIMITS } from '../../../common/limits.js';
import { MODERATION_RULES, type ModerationRule } from './rules.js';

/** What the rules make of a listing's words: nothing, or a reason and whether to hide it. */
export type ModerationVerdict = { flagged: false } | { flagged: true; hide: boolean; reason: string };

/**
 * A word's plain form, so a rule's "walker" also finds "walkers", "knife" finds "knives" and
 * "expire" finds "expired": plural and -ed/-ing endings go, then a final e.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ves')) w = `${w.slice(0, -3)}f`;
  else if (w.length > 3 && /(s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Lower-case words with hyphens, slashes and punctuation as gaps: "Drop-Side" is "drop side". */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map(stem);
}

/** Whether the words hold the phrase, word by word or run together ("dropside", "carseat"). */
function contains(text: string[], phrase: string): boolean {
  const wanted = words(phrase);
  if (wanted.length === 0) return false;
  const joined = stem(phrase.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));
  for (let start = 0; start < text.length; start += 1) {
    if (wanted.length > 1 && text[start] === joined) return true;
    if (wanted.every((word, offset) => text[start + offset] === word)) return true;
  }
  return false;
}

function matches(rule: ModerationRule, text: string[]): boolean {
  if (!rule.phrases.some((phrase) => contains(text, phrase))) return false;
  if (rule.needs && !rule.needs.some((phrase) => contains(text, phrase))) return false;
  if (rule.unless?.some((phrase) => contains(text, phrase))) return false;
  return true;
}

/**
 * Checks a listing's title, description and brand against the rule list (rules.ts). Every rule
 * that matches adds its reason; one `hide` rule is enough to hide the listing. The reason fits
 * items.flag_reason (SPEC §9: 100 characters).
 */
export function reviewListing(
  listing: { title: string; description: string; brand?: string | null },
  rules: readonly ModerationRule[] = MODERATION_RULES,
): ModerationVerdict {
  const text = words([listing.title, listing.description, listing.brand ?? ''].join(' \n '));
  const hits = rules.filter((rule) => matches(rule, text));
  if (hits.length === 0) return { flagged: false };
  const ordered = [
    ...hits.filter((rule) => rule.severity === 'hide'),
    ...hits.filter((rule) => rule.severity !== 'hide'),
  ];
  return {
    flagged: true,
    hide: ordered[0]?.severity === 'hide',
    reason: truncate(ordered.map((rule) => rule.reason).join('; '), LIMITS.flagReason),
  };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** What the owner is told when the listing is saved (SPEC §8 'Item Listed with Warning'). */
export function moderationWarning(verdict: ModerationVerdict): string | undefined {
  if (!verdict.flagged) return undefined;
  const reason = /[.…]$/.test(verdict.reason) ? verdict.reason : `${verdict.reason}.`;
  return verdict.hide
    ? `Only you can see this listing until an administrator has reviewed it. ${reason}`
    : `An administrator will review this listing. ${reason}`;
}
