/**
 * The audit log's share of `seed:scale`: `rows` staff writes spread evenly over the years before
 * `now`, chained exactly as the app chains them (src/server/audit/chain.ts: keyed, and anchored in `privateDir`), so the Audit tab, its filters
 * and the chain's verification run over a long history. Six staff members, the centre's kinds of records.
 */
import { auditLog } from '../db/schema';
import { auditKey, chainHash, GENESIS_HASH, writeAuditAnchor } from '../src/server/audit/chain';
import type { Db } from '../src/server/db';

const STAFF = [
  { id: 'seed-director', name: 'Dana Director' },
  ...Array.from({ length: 5 }, (_, i) => ({ id: `seed-teacher-${i + 1}`, name: `Teacher ${i + 1}` })),
];
const WRITES = [
  { action: 'create', entity: 'activity', fields: { title: 'Outdoor play', category: 'outdoor' } },
  { action: 'create', entity: 'note', fields: { title: 'Shared toys', category: 'social' } },
  { action: 'send', entity: 'message', fields: { subject: 'Today', isUrgent: false } },
  { action: 'sign-in', entity: 'session', fields: {} },
  { action: 'update', entity: 'child', fields: { notes: 'changed' } },
  { action: 'create', entity: 'receipt', fields: { amount: '425.00', paymentMethod: 'card' } },
] as const;

export function seedAuditLog(db: Db, rows: number, years: number, now: Date, privateDir: string): void {
  const key = auditKey(privateDir);
  const start = now.getTime() - years * 365 * 86_400_000;
  const step = (now.getTime() - start) / Math.max(rows, 1);
  let prevHash = GENESIS_HASH;
  const batch: (typeof auditLog.$inferInsert)[] = [];
  for (let i = 0; i < rows; i++) {
    // Who and what vary independently, so every person has every kind of record.
    const staff = STAFF[Math.floor(i / WRITES.length) % STAFF.length]!;
    const write = WRITES[i % WRITES.length]!;
    const row = {
      id: i + 1,
      at: new Date(Math.round(start + i * step)),
      actorId: staff.id,
      actorName: staff.name,
      action: write.action,
      entity: write.entity,
      entityId: `seed-${write.entity}-${i % 997}`,
      fields: { ...write.fields },
      address: '192.168.1.20',
    };
    const hash = chainHash(prevHash, row, key);
    batch.push({ ...row, prevHash, hash });
    prevHash = hash;
    if (batch.length === 500) db.insert(auditLog).values(batch.splice(0)).run();
  }
  if (batch.length) db.insert(auditLog).values(batch).run();
  if (rows > 0) writeAuditAnchor(privateDir, { id: rows, hash: prevHash });
}
