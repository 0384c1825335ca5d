/**
 * The type check runs on TypeScript 7's native compiler, while ESLint's parser and these tests' AST readers keep the
 * TypeScript 5 API (ADR 116). Two compilers in one repository could drift apart unnoticed: this test fails when
 * `npm run typecheck` stops calling the native one, when that one is not version 7, or when it no longer refuses a
 * wrong type under the project's own compiler options.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const NATIVE_TSC = join(ROOT, 'node_modules/typescript-native/bin/tsc');
const scratch = mkdtempSync(join(tmpdir(), 'type-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the type check', () => {
  it("is TypeScript 7's native compiler, called by npm run typecheck on the project's tsconfig", () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.typecheck).toBe('node node_modules/typescript-native/bin/tsc --noEmit -p tsconfig.json');
    expect(execFileSync(process.execPath, [NATIVE_TSC, '--version'], { encoding: 'utf8' })).toMatch(/^Version 7\./);
  });

  it("refuses a wrong type and an unchecked index under the project's options", () => {
    const project = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    const { paths: _paths, types: _types, ...options } = project.compilerOptions;
    writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...options, types: [] }, files: ['wrong.ts'] }));
    writeFileSync(join(scratch, 'wrong.ts'), 'const n: number = "one";\nconst first: string = ["a"][0];\nexport { n, first };\n');
    const run = spawnSync(process.execPath, [NATIVE_TSC, '--noEmit', '-p', join(scratch, 'tsconfig.json')], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain("wrong.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.");
    // noUncheckedIndexedAccess: an array's element may be missing.
    expect(run.stdout).toContain('wrong.ts(2,7): error TS2322');
  });
});
