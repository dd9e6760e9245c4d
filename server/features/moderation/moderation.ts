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

/**
 * Letters from other scripts that look like Latin ones ('Hаndgun' with a Cyrillic а), as
 * Unicode's confusables list maps them, for the letters the rules are written in.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

/** Capitals whose small letter looks like another Latin letter (Greek Η is H, η is n). */
const CAPITAL_LOOK_ALIKES: Readonly<Record<string, string>> = {
  Η: 'h',
  Ν: 'n',
  Μ: 'm',
  Υ: 'y',
  Ζ: 'z',
};

/** Digits and signs written for letters inside a word ('P1stol', 'V4pe', 'Dr0p'). */
const DIGIT_LETTERS: Readonly<Record<string, string>> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/**
 * The text as the rules read it, in each spelling it may be hiding: lower-case words split at
 * anything but letters and digits, after Unicode compatibility forms, invisible characters,
 * accents and look-alike letters are undone. Besides the words as written, digits within words
 * are read as letters (1 as i, and again as l), and runs of single letters are read as one word
 * ('h a n d g u n', 'h-a-n-d-g-u-n').
 */
export function readings(text: string): string[][] {
  const lowered = [...text.normalize('NFKC')]
    .map((char) => CAPITAL_LOOK_ALIKES[char] ?? char)
    .join('')
    .toLowerCase();
  const plain = [...lowered.normalize('NFKD')]
    // Zero-width spaces and joiners, soft hyphens (format characters) and accents (marks) go.
    .filter((char) => !/[\p{Cf}\p{M}]/u.test(char))
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join('');
  const asLetters = (one: 'i' | 'l') =>
    plain.replace(/[\p{L}\p{N}@$]+/gu, (word) =>
      /\p{L}/u.test(word) && /[\p{N}@$]/u.test(word)
        ? [...word].map((char) => (char === '1' ? one : (DIGIT_LETTERS[char] ?? char))).join('')
        : word,
    );
  const spellings = new Set([plain, asLetters('i'), asLetters('l')]);
  return [...spellings].map((spelling) => joinSpelledOut(spelling.split(/[^\p{L}\p{N}]+/u)).map(stem));
}

/** 'h a n d g u n' → 'handgun': three or more single letters in a row are one word. */
function joinSpelledOut(tokens: string[]): string[] {
  const joined: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 3) joined.push(run.join(''));
    else joined.push(...run);
    run = [];
  };
  for (const token of tokens) {
    if (token.length === 0) continue;
    if (token.length === 1 && /\p{L}/u.test(token)) run.push(token);
    else {
      flush();
      joined.push(token);
    }
  }
  flush();
  return joined;
}

/** A rule's phrase as words, and as one word for spellings run together ("dropside"). */
function phraseWords(phrase: string): { words: string[]; joined: string } {
  return {
    words: phrase
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(stem),
    joined: stem(phrase.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')),
  };
}

/** Where the phrase occurs in the words: [first, last] word positions of each occurrence. */
function occurrences(text: string[], phrase: string): [number, number][] {
  const { words, joined } = phraseWords(phrase);
  if (words.length === 0) return [];
  const found: [number, number][] = [];
  for (let start = 0; start < text.length; start += 1) {
    if (words.length > 1 && text[start] === joined) found.push([start, start]);
    else if (words.every((word, offset) => text[start + offset] === word))
      found.push([start, start + words.length - 1]);
  }
  return found;
}

/** An exemption covers a match it overlaps or stands next to (at most one word between). */
const EXEMPTION_REACH = 2;

function matchesIn(rule: ModerationRule, text: string[]): boolean {
  const exemptions = (rule.unless ?? []).flatMap((phrase) => occurrences(text, phrase));
  const unexempted = rule.phrases
    .flatMap((phrase) => occurrences(text, phrase))
    .some(
      ([first, last]) =>
        !exemptions.some(([from, to]) => from <= last + EXEMPTION_REACH && to >= first - EXEMPTION_REACH),
    );
  if (!unexempted) return false;
  return !rule.needs || rule.needs.some((phrase) => occurrences(text, phrase).length > 0);
}

function matches(rule: ModerationRule, spellings: string[][]): boolean {
  return spellings.some((text) => matchesIn(rule, text));
}

/**
 * Checks every text field of a listing against the rule list (rules.ts), in each spelling it
 * may be hiding (readings). Every rule
 * that matches adds its reason; one `hide` rule is enough to hide the listing. The reason fits
 * items.flag_reason (PRODUCT §9: 100 characters).
 */
export function reviewListing(
  listing: {
    title: string;
    description: string;
    brand?: string | null;
    size?: string | null;
    ageRange?: string | null;
  },
  rules: readonly ModerationRule[] = MODERATION_RULES,
): ModerationVerdict {
  // Every field a parent writes.
  const fields = [listing.title, listing.description, listing.brand, listing.size, listing.ageRange];
  const spellings = readings(fields.filter(Boolean).join(' \n '));
  const hits = rules.filter((rule) => matches(rule, spellings));
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

/** What the owner is told when the listing is saved (PRODUCT §8 'Item Listed with Warning'). */
export function moderationWarning(verdict: ModerationVerdict): string | undefined {
  if (!verdict.flagged) return undefined;
  const reason = /[.…]$/.test(verdict.reason) ? verdict.reason : `${verdict.reason}.`;
  return verdict.hide
    ? `Only you can see this listing until an administrator has reviewed it. ${reason}`
    : `An administrator will review this listing. ${reason}`;
}
