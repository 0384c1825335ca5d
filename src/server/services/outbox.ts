/**
 * A parent's generated password is kept in the outbox (the row's text and its `.eml` file) only while it is
 * needed: staff may have to read it to the parent while no SMTP server is configured. It is removed from the
 * stored copy when the parent has signed in for the first time (`forgetParentPassword`, which the parent
 * login calls) and, whatever happens, once the message is 7 days old (`forgetExpiredPasswords`, swept at
 * start and every hour by src/server/index.ts). The rest of the message stays, with a sentence in place of
 * the password. With SMTP nothing is stored, and the parent_emails log only ever holds the masked text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { and, eq, gt, isNotNull, isNull, like, lt, or } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { adminUsers, outboxMessages, staffPasswordLinks } from '~/db/schema';
import { hashLinkToken } from '../auth/single-use-links';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { logger } from '../logger';
import { writePrivateFile } from '../private-files';
import { PASSWORD_REMOVED, passwordInCredentialsText } from '../parents/account-mail';
import { buildMime, outboxDir } from './mailer';

/** How long a stored credentials e-mail keeps the password at most. */
export const CREDENTIALS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

type Deps = { db: Db; config: Pick<Config, 'privateDir'> };
type OutboxRow = typeof outboxMessages.$inferSelect;

/**
 * Rewrites an outbox `.eml` file with `password` replaced by `replacement`: the plain text becomes `text`
 * (the row's redacted text, exactly what was composed), and the HTML part is parsed (whatever transfer
 * encoding nodemailer chose) and redacted. It is built again with the same headers that matter (From, To,
 * Reply-To, Subject, Date, Message-ID), then replaces the file in one rename.
 */
async function redactEml(path: string, password: string, replacement: string, text: string): Promise<void> {
  const parsed = await PostalMime.parse(readFileSync(path));
  const header = (key: string) => parsed.headers.find((h) => h.key === key)?.value;
  const { eml } = await buildMime({
    from: header('from'),
    to: header('to'),
    replyTo: header('reply-to'),
    subject: parsed.subject,
    date: parsed.date ? new Date(parsed.date) : undefined,
    messageId: parsed.messageId,
    text,
    html: parsed.html?.replaceAll(password, replacement),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? undefined,
      contentType: a.mimeType,
      cid: a.contentId?.replace(/^<|>$/g, ''),
      content:
        typeof a.content === 'string'
          ? Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8')
          : Buffer.from(a.content as ArrayBuffer),
    })),
  });
  writePrivateFile(path, eml);
}

/** The stored file of a row, only when it is inside the outbox folder (a row never makes this touch another path). */
function emlPath(deps: Deps, row: OutboxRow): string | null {
  const root = resolve(outboxDir(deps.config));
  const path = resolve(row.emlFile);
  return path.startsWith(root + sep) && existsSync(path) ? path : null;
}

/** Removes the password from one stored message (file first, then row), and clears its mark. Safe to repeat. */
async function redact(deps: Deps, row: OutboxRow, replacement: string): Promise<void> {
  const password = passwordInCredentialsText(row.textBody);
  const textBody = password ? row.textBody.replaceAll(password, replacement) : row.textBody;
  if (password) {
    const path = emlPath(deps, row);
    if (path) await redactEml(path, password, replacement, textBody);
  }
  deps.db.update(outboxMessages).set({ textBody, credentialsFor: null }).where(eq(outboxMessages.id, row.id)).run();
}

async function redactAll(deps: Deps, rows: OutboxRow[], replacement: string): Promise<number> {
  let done = 0;
  for (const row of rows) {
    try {
      await redact(deps, row, replacement);
      done++;
    } catch (err) {
      // The row keeps its mark, so the next sweep tries again.
      logger.error({ err, outboxId: row.id }, 'could not remove a password from a stored e-mail');
    }
  }
  return done;
}

/**
 * Removes the password from every stored credentials e-mail of one parent account (the outbox row's text and
 * its `.eml` file), answering how many messages were changed.
 *
 * The parent login MUST call this after a parent's first successful sign-in (for example when the account's
 * last-login time was still empty): the parent now knows the password, and the stored copies only put it at
 * risk. Calling it after any sign-in is harmless (nothing is left to remove).
 */
export function forgetParentPassword(db: Db, config: Pick<Config, 'privateDir'>, parentEmail: string): Promise<number> {
  const rows = db.select().from(outboxMessages).where(eq(outboxMessages.credentialsFor, parentEmail.trim().toLowerCase())).all();
  return redactAll({ db, config }, rows, PASSWORD_REMOVED.firstSignIn);
}

/**
 * The token of a reset link in a stored message's text (a parent's `…/parent-reset-password#token=…` or a staff
 * member's `…/admin/set-password#token=…`), if it still has one.
 */
const RESET_TOKEN = /\/(?:parent-reset-password|admin\/set-password)#token=([a-z2-7]+)/;
const resetLinkStored = () =>
  or(like(outboxMessages.textBody, '%/parent-reset-password#token=%'), like(outboxMessages.textBody, '%/admin/set-password#token=%'));
export const RESET_LINK_REMOVED = {
  used: '[reset link removed: it was used]',
  expired: '[reset link removed: it has expired]',
} as const;

/**
 * Removes the reset link from stored outbox messages (row and `.eml`): without SMTP the outbox is how staff pass
 * a link on, so it is kept only while it can work (ADR 019). Safe to repeat; answers how many were changed.
 */
async function forgetResetLinks(deps: Deps, rows: OutboxRow[], replacement: string): Promise<number> {
  let done = 0;
  for (const row of rows) {
    const token = RESET_TOKEN.exec(row.textBody)?.[1];
    if (!token) continue;
    try {
      const link = RESET_TOKEN.exec(row.textBody)![0];
      const textBody = row.textBody.replaceAll(link, replacement);
      const path = emlPath(deps, row);
      if (path) await redactEml(path, token, replacement, textBody);
      deps.db.update(outboxMessages).set({ textBody }).where(eq(outboxMessages.id, row.id)).run();
      done++;
    } catch (err) {
      logger.error({ err, outboxId: row.id }, 'could not remove a reset link from a stored e-mail');
    }
  }
  return done;
}

/** After a reset link was used (every link of the account is dead then): its stored copies lose their links. */
export function forgetUsedResetLinks(db: Db, config: Pick<Config, 'privateDir'>, parentEmail: string): Promise<number> {
  const rows = db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, parentEmail), resetLinkStored()))
    .all();
  return forgetResetLinks({ db, config }, rows, RESET_LINK_REMOVED.used);
}

/** A staff link in a message's text (the row of an invitation stored while they were kept without it reads `#token=[link removed]`). */
const STAFF_LINK = /\/admin\/set-password#token=([a-z2-7]+)/;

/**
 * After a staff member used a link (an invitation or a reset; every link of the account is dead then): the
 * delivered copies of their invitations, the `.eml` files whose rows never held the token, lose it too, so the
 * outbox keeps only redacted copies. Safe to repeat; answers how many were changed.
 */
export async function forgetUsedStaffLinks(db: Db, config: Pick<Config, 'privateDir'>, email: string): Promise<number> {
  const rows = db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), like(outboxMessages.textBody, '%/admin/set-password#token=%')))
    .all();
  let done = 0;
  for (const row of rows) {
    const path = emlPath({ db, config }, row);
    if (!path) continue;
    try {
      const text = (await PostalMime.parse(readFileSync(path))).text ?? '';
      const token = STAFF_LINK.exec(text)?.[1];
      if (!token) continue;
      await redactEml(path, token, RESET_LINK_REMOVED.used, text.replaceAll(token, RESET_LINK_REMOVED.used));
      done++;
    } catch (err) {
      logger.error({ err, outboxId: row.id }, 'could not remove a staff link from a stored e-mail');
    }
  }
  return done;
}

/**
 * Whether a stored staff link still works (unused, unexpired, of an account still active): a staff invitation
 * lives 7 days, longer than a reset link, and is kept in the outbox as long as it can be used.
 */
function staffLinkLive(db: Db, clock: Clock, text: string): boolean {
  const token = STAFF_LINK.exec(text)?.[1];
  if (!token) return false;
  return !!db
    .select({ id: staffPasswordLinks.id })
    .from(staffPasswordLinks)
    .innerJoin(adminUsers, eq(adminUsers.id, staffPasswordLinks.adminId))
    .where(
      and(
        eq(staffPasswordLinks.tokenHash, hashLinkToken(token)),
        isNull(staffPasswordLinks.usedAt),
        gt(staffPasswordLinks.expiresAt, clock.now()),
        eq(adminUsers.isActive, true),
      ),
    )
    .get();
}

/** Stored reset links older than their lifetime (the hourly sweep); a staff link that still works stays. */
export function forgetExpiredResetLinks(db: Db, config: Pick<Config, 'privateDir'>, clock: Clock, lifetimeMs: number): Promise<number> {
  const before = new Date(clock.now().getTime() - lifetimeMs);
  const rows = db
    .select()
    .from(outboxMessages)
    .where(and(lt(outboxMessages.createdAt, before), resetLinkStored()))
    .all()
    .filter((row) => !staffLinkLive(db, clock, row.textBody));
  return forgetResetLinks({ db, config }, rows, RESET_LINK_REMOVED.expired);
}

/** Removes the password from every stored credentials e-mail older than 7 days (the hourly sweep). */
export function forgetExpiredPasswords(db: Db, config: Pick<Config, 'privateDir'>, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - CREDENTIALS_KEPT_MS);
  const rows = db
    .select()
    .from(outboxMessages)
    .where(and(isNotNull(outboxMessages.credentialsFor), lt(outboxMessages.createdAt, before)))
    .all();
  return redactAll({ db, config }, rows, PASSWORD_REMOVED.expired);
}
