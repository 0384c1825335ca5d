/**
 * Demo content so a newcomer sees a living site: public events over the next two months, one private
 * event, announcements (one high priority, one that expires, one staff-only) and a sample enrolled
 * child with a few milestone achievements. Dates are relative to today.
 *
 * Idempotent: every row has a fixed id and is inserted with ON CONFLICT DO NOTHING, so running it again
 * adds nothing (and never overwrites what staff may have edited since).
 *
 *   npm run seed:demo        (uses DATABASE_PATH like the server)
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays, format } from 'date-fns';
import { inArray } from 'drizzle-orm';
import { prepareDatabase } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { type Db, openDatabase } from '../src/server/db';
import { announcements, childAchievements, enrolledChildren, events, milestones } from '../db/schema';

const day = (now: Date, offset: number) => format(addDays(now, offset), 'yyyy-MM-dd');

export interface SeedDemoResult {
  events: number;
  announcements: number;
  children: number;
  achievements: number;
}

export function seedDemo(db: Db, now: Date = new Date()): SeedDemoResult {
  const demoEvents = [
    {
      id: 'demo-event-breakfast',
      title: 'Family Breakfast Morning',
      description: 'Start the day with your child: muffins, fruit and coffee in the classrooms. Grandparents welcome!',
      offset: 3,
      startTime: '07:30',
      endTime: '09:00',
      category: 'general',
      location: 'Preschool classrooms',
    },
    {
      id: 'demo-event-screening',
      title: 'Vision & Hearing Screening',
      description: 'A registered nurse will screen children aged 3 and up. Please return the consent form by the Friday before.',
      offset: 8,
      startTime: '09:30',
      endTime: '11:30',
      category: 'health',
      location: 'Nurse room',
    },
    {
      id: 'demo-event-zoo',
      title: 'Columbus Zoo Field Trip',
      description: 'Kindergarten Prep visits the Columbus Zoo and Aquarium. Pack a labelled lunch and wear the class T-shirt.',
      offset: 15,
      startTime: '09:00',
      endTime: '14:00',
      category: 'field-trip',
      location: 'Columbus Zoo and Aquarium',
    },
    {
      id: 'demo-event-conferences',
      title: 'Parent-Teacher Conferences',
      description: 'Fifteen-minute conversations about your child’s progress and goals. Sign-up sheets are at the front desk.',
      offset: 24,
      startTime: '15:00',
      endTime: '18:00',
      category: 'conference',
      location: 'Family room',
    },
    {
      id: 'demo-event-closed',
      title: 'Centre Closed: Staff Training Day',
      description: 'The centre is closed while our teachers complete Ohio-required professional development.',
      offset: 38,
      startTime: null,
      endTime: null,
      category: 'holiday',
      location: null,
    },
    {
      id: 'demo-event-stories',
      title: 'Pajama Story Night',
      description: 'Wear your coziest pajamas for stories, cocoa and a sing-along with the teachers.',
      offset: 52,
      startTime: '18:00',
      endTime: '19:30',
      category: 'general',
      location: 'Main hall',
    },
  ];
  const privateEvent = {
    id: 'demo-event-staff-cpr',
    title: 'Staff CPR & First Aid Recertification',
    description: 'Staff only. Substitute coverage is arranged for the afternoon.',
    offset: 11,
    startTime: '13:00',
    endTime: '16:00',
    category: 'general',
    location: 'Staff room',
  };

  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const demoAnnouncements = [
    {
      id: 'demo-ann-immunizations',
      title: 'Immunization Records Due',
      content:
        'Ohio requires current immunization records for every enrolled child. Please bring an updated copy to the front desk or upload it through the parent portal by the end of the month.',
      category: 'health',
      priority: 'high',
      isPublic: true,
      expiresAt: null,
      createdAt: daysAgo(1),
    },
    {
      id: 'demo-ann-enrolling',
      title: 'Now Enrolling: Preschool and Kindergarten Prep',
      content: 'We have a few openings in our Preschool and Kindergarten Prep classrooms. Apply online or call us to schedule a tour.',
      category: 'enrollment',
      priority: 'normal',
      isPublic: true,
      expiresAt: day(now, 45),
      createdAt: daysAgo(4),
    },
    {
      id: 'demo-ann-garden',
      title: 'Our New Outdoor Classroom',
      content:
        'Thanks to our families, the new garden and outdoor classroom is open. Children will plant, water and harvest vegetables all season.',
      category: 'general',
      priority: 'low',
      isPublic: true,
      expiresAt: null,
      createdAt: daysAgo(9),
    },
    {
      id: 'demo-ann-staff',
      title: 'Staff Meeting Moved to Thursday',
      content: 'This month’s staff meeting moves to Thursday at 6 PM in the family room.',
      category: 'general',
      priority: 'normal',
      isPublic: false,
      expiresAt: null,
      createdAt: daysAgo(2),
    },
  ];

  const child = {
    id: 'demo-child-avery',
    childName: 'Avery Sample',
    parentName: 'Jordan Sample',
    parentEmail: 'jordan.sample@example.com',
    parentPhone: '(614) 555-0199',
    dateOfBirth: day(now, -3 * 365 - 120),
    program: 'preschool',
    startDate: day(now, -200),
    notes: 'Demo child created by npm run seed:demo.',
  };
  const demoAchievements = [
    {
      id: 'demo-ach-counts',
      milestone: 'Counts to Ten',
      offset: -4,
      notes: 'Counted ten acorns on the nature walk, touching each one.',
      witnessedBy: 'Ms. Rivera',
      celebrationLevel: 'special',
    },
    {
      id: 'demo-ach-turns',
      milestone: 'Takes Turns',
      offset: -12,
      notes: 'Shared the red wagon and waited for a turn on the slide without reminders.',
      witnessedBy: 'Mr. Chen',
      celebrationLevel: 'standard',
    },
    {
      id: 'demo-ach-hands',
      milestone: 'Washes Hands Independently',
      offset: -48,
      notes: 'Washes and dries hands before snack every day.',
      witnessedBy: 'Ms. Rivera',
      celebrationLevel: 'standard',
    },
  ];

  return db.transaction((tx) => {
    const result: SeedDemoResult = { events: 0, announcements: 0, children: 0, achievements: 0 };
    for (const { offset, ...e } of [...demoEvents.map((e) => ({ ...e, isPublic: true })), { ...privateEvent, isPublic: false }]) {
      result.events += tx
        .insert(events)
        .values({ ...e, eventDate: day(now, offset) })
        .onConflictDoNothing()
        .run().changes;
    }
    for (const a of demoAnnouncements) {
      result.announcements += tx
        .insert(announcements)
        .values({ ...a, updatedAt: a.createdAt })
        .onConflictDoNothing()
        .run().changes;
    }
    result.children += tx.insert(enrolledChildren).values(child).onConflictDoNothing().run().changes;

    const names = demoAchievements.map((a) => a.milestone);
    const ids = new Map(
      tx
        .select({ id: milestones.id, name: milestones.name })
        .from(milestones)
        .where(inArray(milestones.name, names))
        .all()
        .map((m) => [m.name, m.id]),
    );
    for (const { milestone, offset, ...a } of demoAchievements) {
      const milestoneId = ids.get(milestone);
      if (!milestoneId) continue; // reference data renamed: skip rather than fail
      result.achievements += tx
        .insert(childAchievements)
        .values({ ...a, childId: child.id, milestoneId, achievedAt: day(now, offset), parentNotified: true })
        .onConflictDoNothing()
        .run().changes;
    }
    return result;
  });
}

function main() {
  const config = loadConfig();
  const db = openDatabase(config.databasePath);
  try {
    prepareDatabase(db);
    const added = seedDemo(db);
    const total = Object.values(added).reduce((a, b) => a + b, 0);
    console.log(
      total === 0
        ? `Demo content already present in ${config.databasePath}; nothing added.`
        : `Added demo content to ${config.databasePath}: ${added.events} events, ${added.announcements} announcements, ${added.children} child, ${added.achievements} achievements.`,
    );
  } finally {
    db.$client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
