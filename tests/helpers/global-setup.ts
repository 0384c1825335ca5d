import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '../../src/server/bootstrap';
import { openDatabase } from '../../src/server/db';

/** Migrates and seeds one template database; every test file copies it (tests/helpers/server.ts). */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-template-'));
  const file = join(dir, 'template.sqlite');
  const db = openDatabase(file);
  prepareDatabase(db);
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  process.env.TEST_TEMPLATE_DB = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
