/**
 * Children's items that are unsafe or not allowed on LittleLoop. A listing whose title,
 * description or brand names one is flagged for an administrator (decision 011); a `hide` rule
 * also keeps it from every other family until an administrator approves it.
 *
 * To add a rule, add an entry. Phrases are written in the singular with spaces; plurals,
 * hyphens, joined spellings ("dropside") and -ed/-ing forms match by themselves.
 * `needs` asks for one of its phrases too (a car seat is fine, an expired one is not);
 * `unless` lets a listing through when it names one of those instead (a water gun).
 * The reason is what the owner and the administrator read; keep it under 100 characters.
 */
export type ModerationRule = {
  id: string;
  severity: 'hide' | 'review';
  reason: string;
  phrases: readonly string[];
  needs?: readonly string[];
  unless?: readonly string[];
};

export const MODERATION_RULES: readonly ModerationRule[] = [
  {
    id: 'drop-side-crib',
    severity: 'hide',
    reason: 'Drop-side cribs are banned: a moving side can trap a baby',
    phrases: ['drop side', 'drop rail crib', 'drop rail cot'],
  },
  {
    id: 'inclined-sleeper',
    severity: 'hide',
    reason: 'Inclined infant sleepers are banned: babies must sleep flat',
    phrases: [
      'inclined sleeper',
      'incline sleeper',
      'inclined infant sleeper',
      'rock n play',
      'rock and play',
      'sleep positioner',
      'sleep wedge',
    ],
  },
  {
    id: 'crib-bumper',
    severity: 'hide',
    reason: 'Crib bumpers and liners are banned: they are a suffocation risk',
    phrases: ['crib bumper', 'cot bumper', 'bumper pad', 'crib liner', 'cot liner', 'bumper set'],
  },
  {
    id: 'unsafe-car-seat',
    severity: 'hide',
    reason: 'Car seats that are expired, recalled or were in a crash are not allowed',
    phrases: ['car seat', 'carseat', 'booster seat', 'infant seat', 'infant carrier'],
    needs: ['expire', 'expired', 'crash', 'accident', 'collision', 'recall', 'out of date'],
  },
  {
    id: 'baby-walker',
    severity: 'hide',
    reason: 'Sit-in baby walkers are not allowed: they cause falls down stairs',
    phrases: ['baby walker', 'infant walker', 'sit in walker', 'walker ring'],
    unless: ['push walker', 'push along walker', 'walker wagon'],
  },
  {
    id: 'medicine',
    severity: 'hide',
    reason: 'Medicine and medical products are not allowed',
    phrases: [
      'medicine',
      'medication',
      'prescription',
      'antibiotic',
      'ibuprofen',
      'paracetamol',
      'acetaminophen',
      'tylenol',
      'motrin',
      'cough syrup',
      'pill',
    ],
    unless: ['toy medicine', 'pretend', 'doctor kit', 'doctor set', 'pill bug'],
  },
  {
    id: 'weapon',
    severity: 'hide',
    reason: 'Weapons and ammunition are not allowed',
    phrases: [
      'firearm',
      'handgun',
      'pistol',
      'rifle',
      'shotgun',
      'revolver',
      'ammunition',
      'ammo',
      'gun',
      'knife',
      'switchblade',
      'machete',
      'pepper spray',
      'taser',
    ],
    unless: [
      'water gun',
      'squirt gun',
      'nerf',
      'toy gun',
      'bubble gun',
      'glue gun',
      'foam',
      'dart gun',
      'play knife',
      'toy knife',
      'butter knife',
      'wooden knife',
      'pretend',
    ],
  },
  {
    id: 'tobacco',
    severity: 'hide',
    reason: 'Tobacco, vapes and alcohol are not allowed',
    phrases: ['vape', 'e cigarette', 'cigarette', 'tobacco', 'vodka', 'whisky', 'whiskey', 'beer', 'wine'],
    unless: ['candy cigarette', 'root beer', 'wine red', 'wine colour', 'wine color'],
  },
  {
    id: 'recalled',
    severity: 'review',
    reason: 'Says it was recalled: check it is not a recalled product',
    phrases: ['recall', 'recalled'],
  },
  {
    id: 'teething-necklace',
    severity: 'review',
    reason: 'Teething necklaces and amber beads are a choking and strangling risk',
    phrases: ['teething necklace', 'amber necklace', 'amber bead', 'teething bead'],
  },
  {
    id: 'small-magnets',
    severity: 'review',
    reason: 'Small strong magnets and water beads are dangerous if swallowed',
    phrases: ['buckyball', 'magnetic ball', 'neodymium', 'water bead', 'orbeez'],
  },
  {
    id: 'weighted-sleep',
    severity: 'review',
    reason: 'Weighted sleep sacks and swaddles are not safe for sleep',
    phrases: ['weighted sleep sack', 'weighted swaddle', 'weighted sleepsack', 'weighted blanket'],
  },
  {
    id: 'food',
    severity: 'review',
    reason: 'Food, formula and breast milk are not allowed',
    phrases: ['breast milk', 'infant formula', 'baby formula', 'formula milk'],
  },
];
