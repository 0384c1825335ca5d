import { eq } from 'drizzle-orm';
import { enrollmentApplications } from '../../db/schema';
import type { TestServer } from './server';

/** The fields the public form requires (docs/product.md §5), filled in. */
export const requiredApplicationFields = {
  parentFirstName: 'Maria',
  parentLastName: 'Lopez',
  parentEmail: 'maria.lopez@example.com',
  parentPhone: '(614) 555-0199',
  parentAddress: '22 High Street',
  parentCity: 'Columbus',
  parentState: 'OH',
  parentZip: '43215',
  childFirstName: 'Emma',
  childLastName: 'Lopez',
  childDateOfBirth: '2023-04-12',
  childAge: '3 years',
  programRequested: 'preschool',
  startDate: '2027-01-04',
  emergencyContactName: 'Rosa Lopez',
  emergencyContactPhone: '614-555-0100',
  emergencyContactRelationship: 'grandparent',
};

/** A complete application as the public form sends it (docs/product.md §3). */
export const sampleApplication = {
  ...requiredApplicationFields,
  pediatricianName: 'Dr. Shah',
  pediatricianPhone: '614-555-0111',
  allergies: 'Peanuts',
  medications: 'Inhaler as needed',
  medicalConditions: 'Mild asthma',
  specialInstructions: 'Naps after lunch',
  howDidYouHear: 'google',
};

/** Inserts an application straight into the database and answers its id. */
export function insertApplication(
  s: TestServer,
  overrides: Partial<typeof sampleApplication> & { status?: string; createdAt?: Date } = {},
): string {
  return s.db
    .insert(enrollmentApplications)
    .values({ ...sampleApplication, status: 'pending', ...overrides })
    .returning({ id: enrollmentApplications.id })
    .get().id;
}

/** An application's status as stored. */
export function statusOf(s: TestServer, id: string): string | undefined {
  return s.db.select({ status: enrollmentApplications.status }).from(enrollmentApplications).where(eq(enrollmentApplications.id, id)).get()
    ?.status;
}

export const sampleChild = {
  childName: 'Noah Park',
  dateOfBirth: '2022-08-30',
  program: 'kindergarten',
  startDate: '2026-09-01',
  parentName: 'Jin Park',
  parentEmail: 'Jin.Park@Example.com',
  parentPhone: '614-555-0123',
  notes: 'Loves puzzles',
};

/** Quoted-printable soft breaks and escapes undone, so a test can search the words of a raw message. */
export function decodeMime(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
