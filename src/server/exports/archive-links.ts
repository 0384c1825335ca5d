/**
 * The link e-mailed to a parent when staff make their child's archive: `/api/parent/archives/{token}`,
 * where the token names the child and the parent and when it expires, signed with the server's key (the one
 * that signs upload URLs, under its own label). Nothing is stored: a link cannot be changed to another child
 * or parent, and it stops working after ARCHIVE_LINK_DAYS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { uploadSecret } from '../documents/upload-secret';

export const ARCHIVE_LINK_DAYS = 14;
export const ARCHIVE_LINK_PATH = '/api/parent/archives/';
const ID = /^[0-9a-f-]{36}$/;

function signature(config: Config, payload: string): string {
  return createHmac('sha256', uploadSecret(config.privateDir)).update(`archive:${payload}`).digest('base64url');
}

export function archiveLinkToken(config: Config, link: { childId: string; parentId: string; expiresAt: number }): string {
  const payload = `${link.childId}.${link.parentId}.${link.expiresAt}`;
  return `${payload}.${signature(config, payload)}`;
}

/** The link's child and parent, or null for a token that is malformed, forged or expired. */
export function verifyArchiveLink(config: Config, token: string, now: number): { childId: string; parentId: string } | null {
  if (token.length > 200) return null;
  const [childId, parentId, expires, sig, ...rest] = token.split('.');
  if (rest.length || !childId || !parentId || !expires || !sig || !ID.test(childId) || !ID.test(parentId) || !/^\d{1,15}$/.test(expires))
    return null;
  const wanted = Buffer.from(signature(config, `${childId}.${parentId}.${expires}`));
  const given = Buffer.from(sig);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  if (Number(expires) <= now) return null;
  return { childId, parentId };
}
