/**
 * Where failed staff sign-ins go (ADR 065). The audit log is append-only and every row of it empties the response
 * cache, so a stranger must not be able to add rows at will:
 *
 * - a failure for an e-mail with no staff account is only counted, per hour for the last day, in memory: a fixed
 *   ring of hours (bounded by bytes whatever arrives), holding no e-mail and no address, and each hour's count is
 *   written to the server's log when the next hour's first failure arrives;
 * - a failure on a real account (active or not, with a password or not) is an audit row, at most LISTED_PER_HOUR
 *   of them per account in an hour; the failures past those are counted, and the account's next row says how many
 *   went unlisted before it (`unlisted`). The counts are kept per account id (only real accounts), bounded by bytes
 *   like every limiter.
 *
 * Counts live in one process's memory: a restart forgets them (the unknown e-mails' hours, and unlisted failures
 * not yet carried onto a row).
 */
import { logger } from '../logger';
import { WindowCounter } from '../services/window-counter';

const HOUR = 60 * 60 * 1000;
/** Audit rows of failed sign-ins per staff account in an hour; the rest are counted onto the next row. */
export const LISTED_PER_HOUR = 3;
/** How long failures past the rows are kept to be carried onto the account's next row. */
export const UNLISTED_KEPT_MS = 24 * HOUR;
/** Hours of counts kept for failures on e-mails with no account. */
export const UNKNOWN_HOURS = 24;

/** Failures counted by the hour over the last UNKNOWN_HOURS hours: a fixed ring, so its size never grows. */
export class HourlyTally {
  private readonly hours = new Float64Array(UNKNOWN_HOURS);
  private readonly counts = new Float64Array(UNKNOWN_HOURS);

  /** Counts one at `now`; answers the count of the hour before it when this is that hour's first successor. */
  add(now: number): { hour: number; count: number } | null {
    const hour = Math.floor(now / HOUR);
    const slot = hour % UNKNOWN_HOURS;
    let ended: { hour: number; count: number } | null = null;
    if (this.hours[slot] !== hour) {
      const before = (hour - 1) % UNKNOWN_HOURS;
      if (this.hours[before] === hour - 1 && this.counts[before]! > 0) ended = { hour: hour - 1, count: this.counts[before]! };
      this.hours[slot] = hour;
      this.counts[slot] = 0;
    }
    this.counts[slot]!++;
    return ended;
  }

  /** Failures counted in the last UNKNOWN_HOURS hours (the current one included). */
  total(now: number): number {
    const hour = Math.floor(now / HOUR);
    let sum = 0;
    for (let i = 0; i < UNKNOWN_HOURS; i++) if (hour - this.hours[i]! < UNKNOWN_HOURS) sum += this.counts[i]!;
    return sum;
  }
}

export interface FailedSignIns {
  /** Failures on e-mails with no staff account. */
  unknown: HourlyTally;
  /** Rows written per account id in the current hour. */
  listed: WindowCounter;
  /** Failures per account id not written since its last row. */
  unlisted: WindowCounter;
}

/** One per app (createLimiters), so tests never share counts. */
export function createFailedSignIns(): FailedSignIns {
  return { unknown: new HourlyTally(), listed: new WindowCounter(HOUR), unlisted: new WindowCounter(UNLISTED_KEPT_MS) };
}

/**
 * Takes note of a failed staff sign-in on `accountId` (null: no account has the e-mail). Answers what the audit
 * row should add to its fields (`unlisted`: failures on the account not written since its last row), or null
 * when no row is to be written.
 */
export function failedStaffSignIn(state: FailedSignIns, accountId: string | null, now: Date): { unlisted?: number } | null {
  const at = now.getTime();
  if (accountId === null) {
    const ended = state.unknown.add(at);
    if (ended)
      logger.info(
        { failedSignInsForUnknownEmails: ended.count, hourStarting: new Date(ended.hour * HOUR).toISOString() },
        'failed staff sign-ins for e-mails with no account in an hour',
      );
    return null;
  }
  if (state.listed.count(accountId, at) >= LISTED_PER_HOUR) {
    state.unlisted.add(accountId, at);
    return null;
  }
  state.listed.add(accountId, at);
  const unlisted = state.unlisted.count(accountId, at);
  state.unlisted.clear(accountId);
  return unlisted > 0 ? { unlisted } : {};
}
