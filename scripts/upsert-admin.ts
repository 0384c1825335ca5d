// Creates an admin, or resets an existing admin's password: ADMIN_EMAIL=... ADMIN_PASSWORD=... npm run admin:upsert
// With `-- --reset-second-factor` it also takes that account's second factor off (a lost phone, ADR 102).
import { upsertAdmin } from '../src/server/bootstrap';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';

try {
  const config = loadConfig();
  if (!config.admin) {
    console.error('Set ADMIN_EMAIL and ADMIN_PASSWORD (and optionally ADMIN_NAME).');
    process.exit(1);
  }
  const db = openDatabase(config.databasePath);
  const resetSecondFactor = process.argv.includes('--reset-second-factor');
  const result = await upsertAdmin(db, config.admin, { resetSecondFactor });
  console.log(`Admin ${config.admin.email} ${result}${resetSecondFactor && result === 'updated' ? ', second factor reset' : ''}.`);
  db.$client.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
