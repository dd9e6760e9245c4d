import { EARLY_ACCESS_HOURS, LIMITS, PREMIUM_PRICE_USD } from '../../../common/limits.js';
import { PRODUCT_NAME, SUPPORT } from '../../../common/product-copy.js';

export type FaqEntry = { question: string; answer: string };
export type FaqCategory = { name: string; entries: FaqEntry[] };

/** PRODUCT §2 help center: questions in Getting Started, Safety & Trust and Premium Features. */
export const HELP_CENTER_FAQ: FaqCategory[] = [
  {
    name: 'Getting Started',
    entries: [
      {
        question: `What is ${PRODUCT_NAME}?`,
        answer: `${PRODUCT_NAME} is a community marketplace where parents give away, swap or sell children’s books, toys, clothes and other items to families nearby. It is free to use.`,
      },
      {
        question: 'How do I list an item?',
        answer: `Tap List Item, add at least one photo (up to ${LIMITS.photosFree} on a free account), a title, a description, the category and condition, choose Free or Swap, and set the pickup location on the map.`,
      },
      {
        question: 'How do I find items near me?',
        answer:
          'Open Browse Items and allow your location, or type a city or ZIP code. Use the distance slider, the category, condition and exchange filters, or switch to the map view.',
      },
      {
        question: 'How do I contact another parent?',
        answer:
          'Tap Message on an item card or on the item’s page. Your conversations are in Messages; you never have to share your phone number or address until you are ready.',
      },
      {
        question: 'How do I reset my password?',
        answer:
          'On the sign-in page tap “Forgot your password?”, enter your e-mail address and we send you a link that works once, for one hour.',
      },
    ],
  },
  {
    name: 'Safety & Trust',
    entries: [
      {
        question: 'Where should I meet for an exchange?',
        answer:
          'Meet in a busy public place in daylight: a police station lobby, a library, a community center or a shopping center. The Safety Guide lists suggested places near you.',
      },
      {
        question: 'How do I report someone?',
        answer: `Open their profile and tap Report User, or use the flag icon. Tell us what happened; our team reviews every report within ${SUPPORT.reportsReviewedHours} hours.`,
      },
      {
        question: 'What do the ratings and the Verified badge mean?',
        answer:
          'After an exchange parents can rate each other, so the stars show how earlier exchanges went. The Verified badge marks members whose account we have checked.',
      },
      {
        question: 'Who can see my address?',
        answer:
          'Nobody. Other parents see your city and an item’s position rounded to about a kilometre, never your exact address or e-mail. Share where to meet in messages when you are ready.',
      },
    ],
  },
  {
    name: 'Premium Features',
    entries: [
      {
        question: 'What does Premium cost?',
        answer: `$${PREMIUM_PRICE_USD} a month, with no contract and no trial. You can cancel anytime; Premium lasts until the end of the month you paid for, and partial months are not refunded.`,
      },
      {
        question: 'What do I get with Premium?',
        answer: `Priority listings and featured homepage slots, early access to new items ${EARLY_ACCESS_HOURS.min} to ${EARLY_ACCESS_HOURS.max} hours before others, up to ${LIMITS.photosPremium} photos per item, bulk upload, selling items, priority messaging with read receipts, advanced filters, a verified trust badge, saved searches with instant notifications and analytics for each item.`,
      },
      {
        question: 'How do I cancel Premium?',
        answer:
          'Go to Premium in the account menu and tap Cancel subscription. You keep Premium until the end of the period you have paid for.',
      },
      {
        question: 'How do referral codes work?',
        answer:
          'Create your 6-character code in Settings and share it. When a friend applies it, you both get 1 week of free Premium.',
      },
    ],
  },
];

/** Questions whose question or answer contains the text, case-insensitively; empty categories drop out. */
export function searchFaq(categories: FaqCategory[], text: string): FaqCategory[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return categories;
  return categories
    .map((category) => ({
      ...category,
      entries: category.entries.filter(
        (entry) =>
          entry.question.toLowerCase().includes(needle) || entry.answer.toLowerCase().includes(needle),
      ),
    }))
    .filter((category) => category.entries.length > 0);
}
