import { eq } from 'drizzle-orm';
import { centreProfile as centreProfileTable } from '~/db/schema';
import { DEFAULT_CENTRE_PROFILE } from '~/shared/centre';
import { addressLine, type CentreProfile, type LogoSize, phonesOf, publicCentreOf, type PublicCentre } from '~/shared/centre-profile';
import { type CentreProfilePatch, centreProfilePatchSchema, centreProfileSchema } from '~/shared/schemas/centre-profile';
import { setCentreTimeZone } from '~/shared/centre-time';
import { setPageCentre } from '~/shared/page-centre';
import { type AuditContext, type AuditEntry, audited, changedFields } from '../audit/record';
import type { Db } from '../db';
import { logger } from '../logger';

/**
 * The centre's profile on the server (ADR 090): the one place pages, e-mails, PDFs, the calendar feed, the
 * structured data, the manifest and the centre's clock read the centre's own details from.
 *
 * One process serves one centre (docs/operations.md): the profile is read from its database when the app is made
 * (`loadCentreProfile`) and held here, so code without a database at hand (a PDF's letterhead, the time zone)
 * reads it synchronously. `updateCentreProfile` writes the row and replaces what is held in the same call, so the
 * next request sees the change without a restart; the write also moves the database's version, which empties the
 * response cache and the pages' renders (cache/store.ts). A row that no longer passes the schema (edited by hand)
 * is logged and the default profile is used in its place, rather than a centre without a name.
 */
let current: CentreProfile = DEFAULT_CENTRE_PROFILE;
let currentPublic: PublicCentre = publicCentreOf(current);

function hold(profile: CentreProfile): CentreProfile {
  current = profile;
  currentPublic = publicCentreOf(profile);
  setCentreTimeZone(profile.timeZone);
  setPageCentre(currentPublic);
  return profile;
}

/** The stored profile of `db`, or the default one when none is stored yet (a new database). */
function storedProfile(db: Pick<Db, 'select'>): CentreProfile {
  const row = db.select({ profile: centreProfileTable.profile }).from(centreProfileTable).where(eq(centreProfileTable.id, 1)).get();
  if (!row) return DEFAULT_CENTRE_PROFILE;
  const parsed = centreProfileSchema.safeParse(row.profile);
  if (parsed.success) return parsed.data;
  logger.error({ issues: parsed.error.issues.map((i) => i.path.join('.')) }, 'the stored centre profile is not valid; the default is used');
  return DEFAULT_CENTRE_PROFILE;
}

/** Reads the profile of `db` into memory (the app does at start; an app made only to list its routes has no database). */
export function loadCentreProfile(db: Db | null | undefined): CentreProfile {
  return db ? hold(storedProfile(db)) : current;
}

/** The centre's profile, as last loaded or written. */
export function centreProfile(): CentreProfile {
  return current;
}

/** What anyone may read of it (`GET /api/centre`, the pages' data): everything but the tax ID. */
export function publicCentre(): PublicCentre {
  return currentPublic;
}

/** Who changes the profile when no staff session writes it (the first-start setup). */
export type ProfileActor = NonNullable<AuditEntry['actor']>;

/**
 * Applies `patch` (validated here again by the shared schema: a caller outside a procedure, such as the
 * first-start setup, gets the same rules) to the stored profile, in one transaction with its audit row: the row
 * names the fields changed (their values are the centre's own facts, but the log keeps values only for the
 * fields audit/fields.ts allows). Answers the whole profile. A patch that changes nothing writes nothing.
 */
export function updateCentreProfile(ctx: AuditContext & { db: Db }, patch: CentreProfilePatch, actor?: ProfileActor): CentreProfile {
  return writeProfile(ctx, centreProfilePatchSchema.parse(patch), actor).profile;
}

/**
 * Sets or removes the logo (server/centre/logo.ts, after the new file is written), audited like any change of the
 * profile. Answers the whole profile and the logo it replaced, whose file the caller removes.
 */
export function setCentreLogo(
  ctx: AuditContext & { db: Db },
  logo: { path: string; size: LogoSize } | null,
): { profile: CentreProfile; previous: string | null } {
  return writeProfile(ctx, { logo: logo?.path ?? null, logoSize: logo?.size ?? null });
}

/** The change applied to the stored profile in one transaction with its audit row; nothing written when nothing changes. */
function writeProfile(
  ctx: AuditContext & { db: Db },
  input: Partial<CentreProfile>,
  actor?: ProfileActor,
): { profile: CentreProfile; previous: string | null } {
  let previous: string | null = null;
  const written = audited(
    ctx,
    (tx) => {
      const before = storedProfile(tx);
      previous = before.logo;
      const after: CentreProfile = centreProfileSchema.parse({ ...before, ...input });
      const changed = changedFields(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
      if (Object.keys(changed).length === 0) return undefined;
      const now = ctx.clock.now();
      tx.insert(centreProfileTable)
        .values({ id: 1, profile: after, updatedAt: now })
        .onConflictDoUpdate({ target: centreProfileTable.id, set: { profile: after, updatedAt: now } })
        .run();
      return { profile: after, changed };
    },
    ({ changed }): AuditEntry => ({
      action: 'update',
      entity: 'centre',
      entityId: 'profile',
      fields: changed,
      ...(actor ? { actor } : {}),
    }),
  );
  return { profile: written ? hold(written.profile) : loadCentreProfile(ctx.db), previous };
}

/**
 * The profile as the e-mails, PDFs and pages read it, always the current one (each property reads the profile
 * held now): `centre.name`, `centre.phones[0]`, `centre.addressLine`. A value copied out of it at module load
 * would keep the old profile: read it where it is used.
 */
export const centre = {
  get name() {
    return current.name;
  },
  get shortName() {
    return current.shortName;
  },
  get phones(): readonly [string, ...string[]] {
    return phonesOf(current) as [string, ...string[]];
  },
  get email() {
    return current.email;
  },
  get address() {
    return current.address;
  },
  get addressLine() {
    return addressLine(current);
  },
  get providerTaxId() {
    return current.taxId;
  },
  get timeZone() {
    return current.timeZone;
  },
  get hours() {
    return current.hours;
  },
  get programs() {
    return current.programs;
  },
  get licensingState() {
    return current.licensingState;
  },
};
