import { z } from 'zod';
import { errorId } from '../i18n/error-ids';

/**
 * A page of a list that grows with the years (ADR 014): `limit` rows at most, after `cursor` (what the previous
 * page answered as `nextCursor`). One schema for every paged procedure, its REST path and the pages.
 */
export const PAGE_DEFAULT = 20;
/** The most rows one request may ask for: a bigger `limit` is a 400, never a silent cut. */
export const PAGE_MAX = 100;

export const pageFields = {
  limit: z
    .number({ error: 'error.pageLimitNumber' })
    .int('error.pageLimitWhole')
    .min(1, 'error.pageLimitMin')
    .max(PAGE_MAX, errorId('error.pageLimitMax', { max: PAGE_MAX }))
    .default(PAGE_DEFAULT),
  cursor: z.string().max(500, 'error.pageCursor').nullish(),
};

/** The page input of a procedure whose whole input is the page; optional: none is the first page of PAGE_DEFAULT rows. */
export const pageInput = z.object(pageFields).prefault({});
export type PageInput = z.input<typeof pageInput>;

/** What every paged procedure answers: the rows and the cursor of the next page (null on the last one). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
