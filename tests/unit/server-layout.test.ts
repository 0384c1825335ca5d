import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layout rule of src/server (ADR 071): routers validate and delegate, the domain folders hold the queries,
 * and the REST twins hand their procedures typed input. Read from the source with the TypeScript parser, so a
 * comment or a string that says "db" is not a finding.
 */
const root = join(import.meta.dirname, '../..');

function sources(folder: string): { path: string; file: ts.SourceFile }[] {
  const dir = join(root, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => {
      const path = join(dir, name);
      return { path: relative(root, path), file: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true) };
    });
}

/** `path:line` of every node in `folder`'s files that `found` picks out. */
function findings(folder: string, found: (node: ts.Node) => boolean): string[] {
  const out: string[] = [];
  for (const { path, file } of sources(folder)) {
    const visit = (node: ts.Node) => {
      if (found(node)) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
        out.push(`${path}:${line + 1}: ${file.text.split('\n')[line]?.trim()}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}

describe('the layout of src/server', () => {
  it('no router touches the database: a domain function takes the procedure context and runs the query', () => {
    // `ctx.db`, a `db` parameter, `{ db }`: each is a query written in a router. Move it to the domain folder
    // (attendance/, payments/, communications/ …) and call that with `ctx`; its `ctx.db` is the guarded one.
    const touches = findings('src/server/routers', (node) => ts.isIdentifier(node) && node.text === 'db');
    expect(touches, `routers that reference db (move the query to its domain folder):\n${touches.join('\n')}`).toEqual([]);
  });

  it('no REST path casts its input: bodies are typed from the procedure they are for (rest/shim.ts readJson)', () => {
    const casts = findings(
      'src/server/rest',
      (node) => (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && node.type.kind === ts.SyntaxKind.NeverKeyword,
    );
    expect(casts, `REST paths that cast to never:\n${casts.join('\n')}`).toEqual([]);
  });
});
