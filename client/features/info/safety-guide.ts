import {
  BookOpen,
  CircleAlert,
  Handshake,
  MessageCircle,
  ShieldCheck,
  ShoppingBag,
  Siren,
  Users,
} from 'lucide-react';
import type { InfoCardContent } from './components/info-page.js';

/** PRODUCT §2 /safety-guide: the kinds of public place that suit a hand-over. */
export const MEETING_PLACES: InfoCardContent[] = [
  {
    icon: Siren,
    title: 'Police stations',
    body: 'Many stations welcome exchanges in their lobby or a marked “safe exchange zone” with cameras.',
  },
  {
    icon: BookOpen,
    title: 'Libraries',
    body: 'Staffed, busy during opening hours, and easy to reach with a stroller.',
  },
  {
    icon: Users,
    title: 'Community centers',
    body: 'Familiar to local families, with staff around and space to check an item.',
  },
  {
    icon: ShoppingBag,
    title: 'Shopping centers',
    body: 'Meet near the main entrance or a café, in view of other people and security staff.',
  },
];

/** What to do before, during and after an exchange. */
export const EXCHANGE_TIPS: InfoCardContent[] = [
  {
    icon: MessageCircle,
    title: 'Before',
    body: [
      'Keep the conversation in LittleLoop messages.',
      'Ask for extra photos and check the size, age range and condition.',
      'Agree on a public place and a daytime hour.',
      'Tell a friend or partner where you are going.',
      'Check the other parent’s rating and reviews.',
    ],
  },
  {
    icon: Handshake,
    title: 'During',
    body: [
      'Bring someone along if you can.',
      'Check the item before you take it; look for recalls on car seats and cribs.',
      'For sales, use exact cash or a payment app; never send money in advance.',
      'Keep your phone charged and trust your instincts: you can always leave.',
    ],
  },
  {
    icon: ShieldCheck,
    title: 'After',
    body: [
      'Mark the item as Sold, Swapped or Free so others know it is gone.',
      'Rate the exchange to help other parents.',
      'Wash or wipe toys and clothes before use.',
      'Report anything that felt wrong, even if nothing happened.',
    ],
  },
];

export const RED_FLAGS: InfoCardContent = {
  icon: CircleAlert,
  title: 'Stop and report if someone…',
  tone: 'danger',
  body: [
    'asks for payment, a deposit or shipping fees before you meet;',
    'pushes to meet at a home, late at night or somewhere isolated;',
    'wants to move to another app, or asks for your address, ID or bank details;',
    'offers a price that is far too good, or changes the deal at the last minute;',
    'asks personal questions about your children.',
  ],
};
