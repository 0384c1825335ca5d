import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file under `dir`. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/**
 * The centre's facts are data (ADR 090): the default profile, src/shared/centre.ts, is the server's seed, and no
 * file the browser loads imports it (pages read the centre from their data block, shared/page-centre.ts).
 */
describe('the client bundle holds no centre facts', () => {
  it('no client file, and no shared file, imports src/shared/centre.ts', () => {
    const importers = [...filesUnder('src/client'), ...filesUnder('src/shared')].filter((file) =>
      /from '(?:~\/shared\/|(?:\.\.?\/)+(?:shared\/)?)centre'/.test(readFileSync(file, 'utf8')),
    );
    expect(importers).toEqual([]);
  });

  it('no server file but the profile module imports it: each reads the profile held now (server/centre/profile.ts)', () => {
    const importers = filesUnder('src/server').filter(
      (file) =>
        !file.endsWith(join('centre', 'profile.ts')) && /from '(?:~\/shared\/|(?:\.\.\/)+shared\/)centre'/.test(readFileSync(file, 'utf8')),
    );
    expect(importers).toEqual([]);
  });
});
