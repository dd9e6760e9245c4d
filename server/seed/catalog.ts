import type { AgeRange, Category, Condition } from '../../common/enums.js';

/** Towns the demo families live in; positions are town centres. */
export const DEMO_TOWNS = [
  { city: 'New York', state: 'NY', zipCode: '10010', lat: 40.7128, lng: -74.006 },
  { city: 'Brooklyn', state: 'NY', zipCode: '11215', lat: 40.6782, lng: -73.9442 },
  { city: 'Austin', state: 'TX', zipCode: '78701', lat: 30.2672, lng: -97.7431 },
  { city: 'San Francisco', state: 'CA', zipCode: '94110', lat: 37.7749, lng: -122.4194 },
  { city: 'Chicago', state: 'IL', zipCode: '60614', lat: 41.8781, lng: -87.6298 },
  { city: 'Seattle', state: 'WA', zipCode: '98103', lat: 47.6062, lng: -122.3321 },
  { city: 'Denver', state: 'CO', zipCode: '80205', lat: 39.7392, lng: -104.9903 },
  { city: 'Boston', state: 'MA', zipCode: '02116', lat: 42.3601, lng: -71.0589 },
] as const;

/**
 * Demo parents' names. Family n is FIRST_NAMES[n % 31] LAST_NAMES[n % 30]: the lengths share no
 * factor, so the first 930 families all have different names, and the first 30 are the pairs
 * written side by side here (as varied as the towns they live in).
 */
export const FIRST_NAMES = [
  'Maya',
  'Jordan',
  'Priya',
  'Marcus',
  'Elena',
  'Kenji',
  'Aisha',
  'Tom',
  'Lucia',
  'Omar',
  'Hana',
  'Diego',
  'Grace',
  'Samuel',
  'Chloe',
  'Noah',
  'Fatima',
  'Leo',
  'Isla',
  'Ravi',
  'Rosa',
  'Eli',
  'Amara',
  'Jonas',
  'Mei',
  'Caleb',
  'Sofia',
  'Ethan',
  'Yara',
  'Ben',
  'Nadia',
] as const;

export const LAST_NAMES = [
  'Thompson',
  'Nguyen',
  'Patel',
  'Johnson',
  'Garcia',
  'Tanaka',
  'Okafor',
  'Murphy',
  'Rossi',
  'Haddad',
  'Kim',
  'Hernandez',
  'Walsh',
  'Cohen',
  'Dubois',
  'Andersen',
  'Ibrahim',
  'Schmidt',
  'Campbell',
  'Singh',
  'Silva',
  'Brooks',
  'Mensah',
  'Novak',
  'Chen',
  'Washington',
  'Lopez',
  'Miller',
  'Khalil',
  'Larsen',
] as const;

/** What a demo photo shows: each kind has its own drawing (drawings.ts). */
export const itemKinds = [
  'picture-book',
  'board-book',
  'book-stack',
  'train',
  'blocks',
  'puzzle',
  'play-gym',
  'balance-bike',
  'magnetic-tiles',
  'jacket',
  'onesie',
  'boots',
  'dress',
  'trousers',
  'stroller',
  'high-chair',
  'car-seat',
  'baby-carrier',
  'lamp',
] as const;
export type ItemKind = (typeof itemKinds)[number];

export type ItemTemplate = {
  title: string;
  /** The drawing its photos show, so a lamp's photo is a lamp. */
  kind: ItemKind;
  description: string;
  category: Category;
  condition: Condition;
  ageRange: AgeRange | null;
  brand: string | null;
  size: string | null;
  /** What it would sell for, in dollars, when a Premium family sells it. */
  price: number;
};

export const ITEM_TEMPLATES: readonly ItemTemplate[] = [
  {
    title: 'Dinosaur picture books (set of 6)',
    kind: 'picture-book',
    description: 'Well-loved but all pages intact. Great for bedtime.',
    category: 'books',
    condition: 'good',
    ageRange: '2-4y',
    brand: null,
    size: null,
    price: 8,
  },
  {
    title: 'Board books bundle',
    kind: 'board-book',
    description: 'Chewed corners on two, otherwise clean. Colours, animals and shapes.',
    category: 'books',
    condition: 'fair',
    ageRange: '0-6m',
    brand: null,
    size: null,
    price: 5,
  },
  {
    title: 'Harry Potter hardbacks 1-3',
    kind: 'book-stack',
    description: 'First three books, dust jackets included.',
    category: 'books',
    condition: 'like-new',
    ageRange: '8-12y',
    brand: 'Bloomsbury',
    size: null,
    price: 20,
  },
  {
    title: 'First chapter books for early readers',
    kind: 'book-stack',
    description: 'Ten short chapter books, perfect for a new reader.',
    category: 'books',
    condition: 'good',
    ageRange: '6-8y',
    brand: 'Scholastic',
    size: null,
    price: 12,
  },
  {
    title: 'Wooden train set with bridge',
    kind: 'train',
    description: 'Forty pieces of track, three engines and a bridge. Compatible with most brands.',
    category: 'toys',
    condition: 'like-new',
    ageRange: '2-4y',
    brand: 'Brio',
    size: null,
    price: 35,
  },
  {
    title: 'LEGO Duplo farm',
    kind: 'blocks',
    description: 'Complete set with animals and the tractor. Washed.',
    category: 'toys',
    condition: 'good',
    ageRange: '2-4y',
    brand: 'LEGO',
    size: null,
    price: 25,
  },
  {
    title: 'Dinosaur puzzle, 100 pieces',
    kind: 'puzzle',
    description: 'No missing pieces, box a bit worn.',
    category: 'toys',
    condition: 'good',
    ageRange: '4-6y',
    brand: 'Ravensburger',
    size: null,
    price: 6,
  },
  {
    title: 'Baby activity gym',
    kind: 'play-gym',
    description: 'Soft play mat with hanging toys. From a smoke-free, pet-free home.',
    category: 'toys',
    condition: 'like-new',
    ageRange: '0-6m',
    brand: 'Fisher-Price',
    size: null,
    price: 30,
  },
  {
    title: 'Balance bike',
    kind: 'balance-bike',
    description: 'Light aluminium frame, adjustable seat. Some scuffs.',
    category: 'toys',
    condition: 'fair',
    ageRange: '2-4y',
    brand: 'Strider',
    size: null,
    price: 40,
  },
  {
    title: 'Magnetic building tiles (60)',
    kind: 'magnetic-tiles',
    description: 'Bright tiles that click together. Endless castles.',
    category: 'toys',
    condition: 'like-new',
    ageRange: '4-6y',
    brand: 'Magna-Tiles',
    size: null,
    price: 45,
  },
  {
    title: 'Winter jacket, waterproof',
    kind: 'jacket',
    description: 'Warm puffer jacket with a hood, zip works perfectly.',
    category: 'clothes',
    condition: 'good',
    ageRange: '4-6y',
    brand: 'Columbia',
    size: '5T',
    price: 18,
  },
  {
    title: 'Onesies bundle, 8 pieces',
    kind: 'onesie',
    description: 'Soft cotton onesies in neutral colours.',
    category: 'clothes',
    condition: 'like-new',
    ageRange: '0-6m',
    brand: "Carter's",
    size: '3M',
    price: 10,
  },
  {
    title: 'Rain boots',
    kind: 'boots',
    description: 'Yellow rain boots, worn one season.',
    category: 'clothes',
    condition: 'good',
    ageRange: '2-4y',
    brand: 'Hunter',
    size: 'US 9',
    price: 15,
  },
  {
    title: 'Party dress',
    kind: 'dress',
    description: 'Worn once to a wedding. Twirls beautifully.',
    category: 'clothes',
    condition: 'like-new',
    ageRange: '6-8y',
    brand: 'Janie and Jack',
    size: '7',
    price: 22,
  },
  {
    title: 'School uniform trousers (3 pairs)',
    kind: 'trousers',
    description: 'Navy trousers with adjustable waist.',
    category: 'clothes',
    condition: 'fair',
    ageRange: '8-12y',
    brand: null,
    size: '10',
    price: 9,
  },
  {
    title: 'Stroller, folds flat',
    kind: 'stroller',
    description: 'One-hand fold, big basket, rain cover included.',
    category: 'other',
    condition: 'good',
    ageRange: '0-6m',
    brand: 'UPPAbaby',
    size: null,
    price: 120,
  },
  {
    title: 'High chair',
    kind: 'high-chair',
    description: 'Easy-clean tray, adjustable height.',
    category: 'other',
    condition: 'good',
    ageRange: '6-12m',
    brand: 'IKEA',
    size: null,
    price: 15,
  },
  {
    title: 'Car seat, rear facing',
    kind: 'car-seat',
    description: 'Never in an accident, expires 2029.',
    category: 'other',
    condition: 'like-new',
    ageRange: '0-6m',
    brand: 'Graco',
    size: null,
    price: 60,
  },
  {
    title: 'Baby carrier',
    kind: 'baby-carrier',
    description: 'Ergonomic carrier, washed and ready.',
    category: 'other',
    condition: 'good',
    ageRange: '0-6m',
    brand: 'Ergobaby',
    size: null,
    price: 45,
  },
  {
    title: 'Kids desk lamp',
    kind: 'lamp',
    description: 'Warm LED lamp shaped like a cloud.',
    category: 'other',
    condition: 'new',
    ageRange: '4-6y',
    brand: null,
    size: null,
    price: 12,
  },
];

/** Soft palettes per category for the generated photos. */
export const PHOTO_PALETTES: Record<Category, readonly [string, string, string][]> = {
  books: [
    ['#fde68a', '#f59e0b', '#7c2d12'],
    ['#bfdbfe', '#3b82f6', '#1e3a8a'],
    ['#fecaca', '#ef4444', '#7f1d1d'],
  ],
  toys: [
    ['#bbf7d0', '#22c55e', '#14532d'],
    ['#fbcfe8', '#ec4899', '#831843'],
    ['#ddd6fe', '#8b5cf6', '#4c1d95'],
  ],
  clothes: [
    ['#cffafe', '#06b6d4', '#164e63'],
    ['#fed7aa', '#f97316', '#7c2d12'],
    ['#e9d5ff', '#a855f7', '#581c87'],
  ],
  other: [
    ['#e5e7eb', '#6b7280', '#111827'],
    ['#ccfbf1', '#14b8a6', '#134e4a'],
    ['#fef9c3', '#eab308', '#713f12'],
  ],
};

/** Who says a line of a demo conversation: the family asking, or the item's owner. */
export type Speaker = 'asker' | 'owner';
export type ConversationScript = readonly (readonly [Speaker, string])[];

/** Demo conversations, by how the talk about an item went. */
export const CONVERSATION_SCRIPTS: Record<
  'handedOver' | 'sold' | 'question' | 'promised',
  ConversationScript[]
> = {
  handedOver: [
    [
      ['asker', 'Hi! My little one would love this. Is it still up for grabs?'],
      ['owner', 'It is! Happy for it to go to you.'],
      ['asker', 'Wonderful, thank you! Could we meet at the library on Saturday morning?'],
      ['owner', 'Saturday at 10 works. I’ll bring it in a tote bag.'],
      ['asker', 'Perfect, see you then!'],
    ],
    [
      ['asker', 'Hello, we’re expecting our second in March and this would help a lot.'],
      ['owner', 'Congratulations! It’s yours if you want it.'],
      ['asker', 'That’s so kind. Any evening this week is fine for us.'],
      ['owner', 'Thursday around 6 then? I’ll wait by the entrance.'],
    ],
    [
      ['asker', 'Hi there, is this still available? We live just around the corner.'],
      ['owner', 'Yes! When suits you?'],
      ['asker', 'Tomorrow after nursery pickup, around 4?'],
      ['owner', 'Great, see you tomorrow at 4.'],
      ['asker', 'Thanks so much, my daughter is already excited.'],
    ],
  ],
  sold: [
    [
      ['asker', 'Hi! Is this still for sale?'],
      ['owner', 'Hi, yes it is.'],
      ['asker', 'Great, I’ll take it. Could we meet on Saturday?'],
      ['owner', 'Saturday morning works. See you at 10!'],
    ],
    [
      ['asker', 'Hello, would you take a little less for it?'],
      ['owner', 'It’s barely used, but I could do a few dollars off.'],
      ['asker', 'Deal! Could I pick it up this weekend?'],
      ['owner', 'Sunday at 11 works for me.'],
      ['asker', 'See you then, thank you!'],
    ],
  ],
  question: [
    [
      ['asker', 'Hi! Is this still available?'],
      ['owner', 'Hi, yes it is!'],
      ['asker', 'Lovely. Could I come and see it one evening this week?'],
    ],
    [
      ['asker', 'Hello, does it come from a smoke-free home?'],
      ['owner', 'Yes, smoke-free and no pets.'],
    ],
    [
      ['asker', 'Hi, could you send one more photo? I’d like to see the wear up close.'],
      ['owner', 'Of course, I’ll take one this evening in daylight.'],
      ['asker', 'Thank you!'],
    ],
    [['asker', 'Hi! How long did you use it for? It looks great.']],
  ],
  promised: [
    [
      ['owner', 'You’re the lucky one! When could you pick it up?'],
      ['asker', 'Thank you so much! Would Saturday morning work?'],
      ['owner', 'Saturday is perfect. See you at the library.'],
    ],
    [
      ['owner', 'Hi! It’s yours if you still want it.'],
      ['asker', 'Yes please, that’s so kind of you!'],
      ['owner', 'Great. Let’s meet at the safe spot near me, I’ll confirm the time.'],
    ],
  ],
};

/** The short notes families send with a request for a free item. */
export const FREE_REQUEST_NOTES = [
  'My twins would love this. We can pick it up any weekday after 4.',
  'Our little one just started reading; this would be perfect for bedtime.',
  'We’re expecting in the spring and starting from scratch, thank you for sharing.',
  'We live nearby and can come whenever suits you.',
  'This would make my son’s week. Happy to meet at the library.',
  'We lost ours in a move. Would be so grateful!',
] as const;

/** The short notes families send with a request for a swap item: what they would offer. */
export const SWAP_REQUEST_NOTES = [
  'I could swap a box of Duplo bricks in great condition.',
  'We have a toddler raincoat (size 3T) and a scooter to swap.',
  'Would you like a set of picture books in exchange?',
  'I can offer a baby bouncer, barely used.',
  'Happy to swap a wooden puzzle set and some board books.',
] as const;

/** What a receiver writes about the family who gave the item, by rating. */
export const RECEIVER_REVIEWS: Record<3 | 4 | 5, readonly string[]> = {
  5: [
    'Exactly as described and so kind. Thank you!',
    'Lovely family, easy pickup and everything was spotless.',
    'Smooth handover at the library. Would happily swap again.',
    'Even better than the photos. My kids are thrilled.',
    'Such a generous family. Thank you for passing it on!',
    'Quick replies and a very easy pickup.',
    'Everything clean and complete, just as promised.',
    'My daughter hasn’t put it down since. Thank you!',
  ],
  4: [
    'Friendly and on time. A little more wear than described, but still great.',
    'Good swap, thank you!',
    'All good, just a bit hard to find at the meeting spot.',
  ],
  3: ['It worked out in the end, though we had to rearrange the pickup twice.'],
};

/** What a giver writes about the family who received the item, by rating. */
export const GIVER_REVIEWS: Record<3 | 4 | 5, readonly string[]> = {
  5: [
    'Right on time and lovely to meet. Glad it went to a good home.',
    'Super easy to arrange with, thank you!',
    'Kind and punctual. A pleasure.',
    'Lovely to meet, and so grateful. Happy it’s being used again.',
    'Came exactly when agreed, very friendly.',
    'Great communication from start to finish.',
    'Their son even brought a thank-you drawing. Made my day!',
  ],
  4: [
    'Friendly family, just a few minutes late.',
    'Easy handover, thanks!',
    'All fine, just needed a reminder about the time.',
  ],
  3: ['Nice family, but the pickup came a day later than agreed.'],
};

/** The reviewed family's public answers to some reviews. */
export const REVIEW_RESPONSES = [
  'Thank you! So glad it found a new home.',
  'Thanks, it was lovely to meet you both.',
  'Thank you, and sorry again about the change of plans!',
] as const;

/**
 * Public places near the demo towns that suit a hand-over (PRODUCT §2 safety guide: police
 * stations, libraries, community centers, shopping centers). Demo data: check before relying on it.
 */
export const DEMO_SAFE_LOCATIONS = [
  {
    name: 'NYPD 13th Precinct',
    address: '230 E 21st St',
    city: 'New York',
    zipCode: '10010',
    locationType: 'police_station',
    latitude: '40.73609000',
    longitude: '-73.98237000',
    hours: 'Lobby open 24 hours',
    specialFeatures: ['Staffed lobby', 'Well lit entrance'],
  },
  {
    name: 'Brooklyn Public Library, Central Library',
    address: '10 Grand Army Plaza',
    city: 'Brooklyn',
    zipCode: '11238',
    locationType: 'library',
    latitude: '40.67252000',
    longitude: '-73.96841000',
    hours: 'Mon–Sat 9 am – 6 pm',
    specialFeatures: ['Busy entrance hall', 'Restrooms', 'Stroller friendly'],
  },
  {
    name: 'Austin Central Library',
    address: '710 W Cesar Chavez St',
    city: 'Austin',
    zipCode: '78701',
    locationType: 'library',
    latitude: '30.26600000',
    longitude: '-97.75170000',
    hours: 'Mon–Sat 10 am – 8 pm',
    specialFeatures: ['Café', 'Parking garage', 'Stroller friendly'],
  },
  {
    name: 'SFPD Mission Station',
    address: '630 Valencia St',
    city: 'San Francisco',
    zipCode: '94110',
    locationType: 'police_station',
    latitude: '37.76290000',
    longitude: '-122.42190000',
    hours: 'Lobby open 24 hours',
    specialFeatures: ['Staffed lobby', 'Camera-monitored entrance'],
  },
  {
    name: 'Lincoln Park Branch, Chicago Public Library',
    address: '1150 W Fullerton Ave',
    city: 'Chicago',
    zipCode: '60614',
    locationType: 'library',
    latitude: '41.92530000',
    longitude: '-87.65760000',
    hours: 'Mon–Sat 9 am – 5 pm',
    specialFeatures: ['Children’s section', 'Stroller friendly'],
  },
  {
    name: 'Fremont Branch, Seattle Public Library',
    address: '731 N 35th St',
    city: 'Seattle',
    zipCode: '98103',
    locationType: 'library',
    latitude: '47.64900000',
    longitude: '-122.35100000',
    hours: 'Tue–Sat 11 am – 6 pm',
    specialFeatures: ['Quiet neighbourhood branch'],
  },
  {
    name: 'Denver Union Station',
    address: '1701 Wynkoop St',
    city: 'Denver',
    zipCode: '80202',
    locationType: 'shopping_center',
    latitude: '39.75290000',
    longitude: '-105.00020000',
    hours: 'Open daily, 5 am – 2 am',
    specialFeatures: ['Busy great hall', 'Cafés', 'Security staff'],
  },
  {
    name: 'Boston Public Library, Central Library',
    address: '700 Boylston St',
    city: 'Boston',
    zipCode: '02116',
    locationType: 'library',
    latitude: '42.34940000',
    longitude: '-71.07810000',
    hours: 'Mon–Sat 9 am – 8 pm',
    specialFeatures: ['Courtyard café', 'Restrooms', 'Stroller friendly'],
  },
] as const;
