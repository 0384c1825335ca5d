/**
 * A milestone as the seed writes it. Its category, age band and difficulty are the app's values
 * (src/shared/constants.ts: MILESTONE_CATEGORIES, AGE_RANGES, DIFFICULTIES); db/ imports nothing above it, so
 * tests/unit/milestone-seed.test.ts checks that each seed uses one of them.
 */
export interface MilestoneSeed {
  /**
   * The milestone's stable key: what the Spanish catalogue (src/shared/i18n/milestones-es.ts) and the seed find it
   * by. Never changed once written; the name and description may be reworded.
   */
  key: string;
  name: string;
  description: string;
  category: string;
  ageRange: string;
  /** A lucide icon name; the client maps it to the icon it bundles. */
  badgeIcon: string;
  badgeColor: string;
  difficulty: string;
}

/**
 * Developmental milestones by age band, written from Ohio's Early Learning and Development Standards
 * (birth to kindergarten entry) and the CDC's "Learn the Signs. Act Early." checklists. Keys and names are
 * unique: the seed upserts by key, so a reworded name or description reaches existing databases.
 */
export const MILESTONES: MilestoneSeed[] = [
  // 0-6 months
  {
    key: 'holds-head-steady',
    name: 'Holds Head Steady',
    description: 'Holds head up steadily without support when held upright and pushes up on forearms during tummy time.',
    category: 'physical',
    ageRange: '0-6months',
    badgeIcon: 'Baby',
    badgeColor: '#f59e0b',
    difficulty: 'easy',
  },
  {
    key: 'first-social-smile',
    name: 'First Social Smile',
    description: "Smiles in response to a familiar caregiver's face and voice, showing the beginning of a warm relationship.",
    category: 'social',
    ageRange: '0-6months',
    badgeIcon: 'Smile',
    badgeColor: '#ec4899',
    difficulty: 'easy',
  },
  {
    key: 'coos-and-babbles',
    name: 'Coos and Babbles',
    description: 'Makes cooing sounds and turns toward voices, taking turns "talking" with an adult.',
    category: 'language',
    ageRange: '0-6months',
    badgeIcon: 'MessageCircle',
    badgeColor: '#3b82f6',
    difficulty: 'normal',
  },
  {
    key: 'tracks-moving-objects',
    name: 'Tracks Moving Objects',
    description: 'Follows a moving toy or face with the eyes from side to side and reaches toward what interests them.',
    category: 'cognitive',
    ageRange: '0-6months',
    badgeIcon: 'Eye',
    badgeColor: '#8b5cf6',
    difficulty: 'normal',
  },
  {
    key: 'brings-hands-to-mouth',
    name: 'Brings Hands to Mouth',
    description: 'Brings hands to mouth to self-soothe and begins to calm when picked up or spoken to.',
    category: 'self-care',
    ageRange: '0-6months',
    badgeIcon: 'Hand',
    badgeColor: '#14b8a6',
    difficulty: 'easy',
  },

  // 6-12 months
  {
    key: 'sits-without-support',
    name: 'Sits Without Support',
    description: 'Sits steadily without help, freeing both hands to explore and pass toys from hand to hand.',
    category: 'physical',
    ageRange: '6-12months',
    badgeIcon: 'Armchair',
    badgeColor: '#f59e0b',
    difficulty: 'normal',
  },
  {
    key: 'pulls-to-stand',
    name: 'Pulls to Stand',
    description: 'Pulls up to standing on furniture and cruises a few steps while holding on.',
    category: 'physical',
    ageRange: '6-12months',
    badgeIcon: 'Footprints',
    badgeColor: '#f97316',
    difficulty: 'challenging',
  },
  {
    key: 'object-permanence',
    name: 'Object Permanence',
    description: 'Looks for a toy hidden under a blanket, understanding that things exist when out of sight.',
    category: 'cognitive',
    ageRange: '6-12months',
    badgeIcon: 'Search',
    badgeColor: '#8b5cf6',
    difficulty: 'normal',
  },
  {
    key: 'waves-bye-bye',
    name: 'Waves Bye-Bye',
    description: 'Waves bye-bye and plays simple back-and-forth games such as peek-a-boo and pat-a-cake.',
    category: 'social',
    ageRange: '6-12months',
    badgeIcon: 'Hand',
    badgeColor: '#ec4899',
    difficulty: 'easy',
  },
  {
    key: 'first-words',
    name: 'First Words',
    description: 'Says "mama" or "dada" with meaning and responds to their own name.',
    category: 'language',
    ageRange: '6-12months',
    badgeIcon: 'MessageCircle',
    badgeColor: '#3b82f6',
    difficulty: 'challenging',
  },
  {
    key: 'finger-feeds',
    name: 'Finger Feeds',
    description: 'Picks up small pieces of food with thumb and finger and feeds themself.',
    category: 'self-care',
    ageRange: '6-12months',
    badgeIcon: 'Apple',
    badgeColor: '#14b8a6',
    difficulty: 'normal',
  },

  // 1-2 years
  {
    key: 'walks-independently',
    name: 'Walks Independently',
    description: 'Walks across the room without holding on and begins to climb onto low furniture.',
    category: 'physical',
    ageRange: '1-2years',
    badgeIcon: 'Footprints',
    badgeColor: '#f59e0b',
    difficulty: 'normal',
  },
  {
    key: 'stacks-blocks',
    name: 'Stacks Blocks',
    description: 'Stacks two to four blocks and fits simple shapes into a shape sorter.',
    category: 'cognitive',
    ageRange: '1-2years',
    badgeIcon: 'Blocks',
    badgeColor: '#8b5cf6',
    difficulty: 'normal',
  },
  {
    key: 'two-word-phrases',
    name: 'Two-Word Phrases',
    description: 'Puts two words together such as "more milk" and points to pictures in a book when named.',
    category: 'language',
    ageRange: '1-2years',
    badgeIcon: 'MessageCircle',
    badgeColor: '#3b82f6',
    difficulty: 'challenging',
  },
  {
    key: 'parallel-play',
    name: 'Parallel Play',
    description: 'Plays alongside other children, watching and copying what they do.',
    category: 'social',
    ageRange: '1-2years',
    badgeIcon: 'Users',
    badgeColor: '#ec4899',
    difficulty: 'easy',
  },
  {
    key: 'drinks-from-an-open-cup',
    name: 'Drinks From an Open Cup',
    description: 'Drinks from an open cup with little spilling and tries to use a spoon.',
    category: 'self-care',
    ageRange: '1-2years',
    badgeIcon: 'CupSoda',
    badgeColor: '#14b8a6',
    difficulty: 'normal',
  },

  // 3-4 years
  {
    key: 'pedals-a-tricycle',
    name: 'Pedals a Tricycle',
    description: 'Pedals a tricycle, runs easily and climbs playground equipment with confidence.',
    category: 'physical',
    ageRange: '3-4years',
    badgeIcon: 'Bike',
    badgeColor: '#f59e0b',
    difficulty: 'normal',
  },
  {
    key: 'counts-to-ten',
    name: 'Counts to Ten',
    description: 'Counts aloud to ten and counts up to five objects, touching each one once.',
    category: 'cognitive',
    ageRange: '3-4years',
    badgeIcon: 'Calculator',
    badgeColor: '#8b5cf6',
    difficulty: 'normal',
  },
  {
    key: 'takes-turns',
    name: 'Takes Turns',
    description: 'Takes turns in a simple game and shares materials with a friend with gentle reminders.',
    category: 'social',
    ageRange: '3-4years',
    badgeIcon: 'Users',
    badgeColor: '#ec4899',
    difficulty: 'normal',
  },
  {
    key: 'tells-a-simple-story',
    name: 'Tells a Simple Story',
    description: 'Speaks in sentences of four or more words and retells parts of a familiar story.',
    category: 'language',
    ageRange: '3-4years',
    badgeIcon: 'BookOpen',
    badgeColor: '#3b82f6',
    difficulty: 'challenging',
  },
  {
    key: 'washes-hands-independently',
    name: 'Washes Hands Independently',
    description: 'Washes and dries hands without help before meals and after using the toilet.',
    category: 'self-care',
    ageRange: '3-4years',
    badgeIcon: 'Droplets',
    badgeColor: '#14b8a6',
    difficulty: 'easy',
  },

  // 4-5 years
  {
    key: 'hops-on-one-foot',
    name: 'Hops on One Foot',
    description: 'Hops on one foot, catches a bounced ball and uses scissors to cut along a line.',
    category: 'physical',
    ageRange: '4-5years',
    badgeIcon: 'Activity',
    badgeColor: '#f59e0b',
    difficulty: 'challenging',
  },
  {
    key: 'writes-first-name',
    name: 'Writes First Name',
    description: 'Writes some letters of their first name and recognises it in print.',
    category: 'cognitive',
    ageRange: '4-5years',
    badgeIcon: 'PenLine',
    badgeColor: '#8b5cf6',
    difficulty: 'challenging',
  },
  {
    key: 'rhymes-and-sounds',
    name: 'Rhymes and Sounds',
    description: 'Recognises rhyming words and names the first sound of familiar words.',
    category: 'language',
    ageRange: '4-5years',
    badgeIcon: 'Music',
    badgeColor: '#3b82f6',
    difficulty: 'normal',
  },
  {
    key: 'names-feelings',
    name: 'Names Feelings',
    description: 'Names their feelings and those of others and uses words to solve small conflicts.',
    category: 'social',
    ageRange: '4-5years',
    badgeIcon: 'Heart',
    badgeColor: '#ec4899',
    difficulty: 'normal',
  },
  {
    key: 'dresses-independently',
    name: 'Dresses Independently',
    description: 'Puts on a coat and shoes, and manages zippers and large buttons without help.',
    category: 'self-care',
    ageRange: '4-5years',
    badgeIcon: 'Shirt',
    badgeColor: '#14b8a6',
    difficulty: 'normal',
  },
];
