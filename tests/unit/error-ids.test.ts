/**
 * ADR 069: a refusal is a catalogue id and its values, never a sentence. These fail when a server refusal or a
 * shared schema's message is written as a literal sentence (the failure lists each file:line to convert), when an id
 * has no English or no Spanish, and when a form page's script could meet a refusal its page does not carry.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/shared/i18n';
import { errorRef } from '../../src/shared/i18n/error-ids';
import { errorsEn } from '../../src/shared/i18n/errors-en';
import { errorsEs } from '../../src/shared/i18n/errors-es';
import { ENROLLMENT_PAGE_ERRORS, LOGIN_PAGE_ERRORS } from '../../src/server/pages/forms';
import { forgotPasswordSchema, loginSchema } from '../../src/shared/schemas/auth';
import { enrollmentSchema } from '../../src/shared/schemas/enrollment';

const ROOT = resolve(__dirname, '../..');

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (path.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Words with spaces, as a person reads them: 'Child not found', `${x} is inactive.` (an id has no space). */
const SENTENCE = /[A-Za-z]\S*\s+\S/;
/** Where a schema file may hold words that are not messages: a choice's label, a field's hint. */
const NOT_A_MESSAGE = /^(label|description|hint)$/;

interface Finding {
  where: string;
  text: string;
}

function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.getText().slice(1, -1);
  return null;
}

function at(source: ts.SourceFile, node: ts.Node): string {
  return `${source.fileName.slice(ROOT.length + 1)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}

/** Every sentence a node holds in its string parts (a `cond ? 'a' : 'b'` holds two). */
function sentencesIn(node: ts.Node, source: ts.SourceFile, into: Finding[]): void {
  const text = textOf(node);
  if (text !== null) {
    if (SENTENCE.test(text)) into.push({ where: at(source, node), text });
    return;
  }
  ts.forEachChild(node, (child) => sentencesIn(child, source, into));
}

/**
 * In the server: a `new TRPCError` or `new HTTPException` anywhere but the refusal helpers, and a `message:` written
 * as a sentence in a JSON answer. In the shared schemas: any sentence outside a label or a hint.
 */
function literalRefusals(): Finding[] {
  const found: Finding[] = [];
  const helpers = new Set(['src/server/refusal.ts', 'src/server/field-errors.ts', 'src/server/services/rate-limit.ts']);
  for (const path of files(resolve(ROOT, 'src/server'))) {
    const rel = path.slice(ROOT.length + 1);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && /^(TRPCError|HTTPException)$/.test(node.expression.getText()) && !helpers.has(rel))
        found.push({ where: at(source, node), text: node.getText().slice(0, 120) });
      if (
        ts.isCallExpression(node) &&
        /\.json$/.test(node.expression.getText()) &&
        node.arguments[0] &&
        ts.isObjectLiteralExpression(node.arguments[0])
      )
        for (const p of node.arguments[0].properties)
          if (ts.isPropertyAssignment(p) && p.name.getText() === 'message') sentencesIn(p.initializer, source, found);
      if (ts.isCallExpression(node) && /^(refuse|fieldError)$/.test(node.expression.getText()))
        for (const arg of node.arguments) sentencesIn(arg, source, found);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  for (const path of files(resolve(ROOT, 'src/shared/schemas'))) {
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isPropertyAssignment(node) && NOT_A_MESSAGE.test(node.name.getText())) return;
      if (ts.isVariableDeclaration(node) && /_(HINT|LABELS)$/.test(node.name.getText())) return;
      if (textOf(node) !== null) return sentencesIn(node, source, found);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) placeholders(o.value, into);
  }
  return into;
}

/** Every message a schema gives for `input`. */
function messagesOf(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe('refusals as ids', () => {
  it('no server refusal or schema message is written as a sentence: each is a catalogue id (errors-en.ts)', () => {
    const found = literalRefusals();
    expect(
      found.map((f) => `${f.where}  ${f.text}`),
      'Say these with an id: refuse(code, id, values) / fieldError(field, id, values) in the server, ' +
        "'error.x' or errorId('error.x', values) in a schema, with the English in errors-en.ts and the Spanish in errors-es.ts",
    ).toEqual([]);
  });

  it('every id has English and Spanish, with the same placeholders, and each message parses', () => {
    expect(Object.keys(errorsEs).sort()).toEqual(Object.keys(errorsEn).sort());
    for (const id of Object.keys(errorsEn) as (keyof typeof errorsEn)[]) {
      expect(errorsEs[id], id).toMatch(/\S/);
      const en = [...placeholders(parse(errorsEn[id]))].sort();
      const es = [...placeholders(parse(errorsEs[id]))].sort();
      expect({ id, es }).toEqual({ id, es: en });
    }
  });

  it("a schema's message is an id the catalogue knows, with its values", () => {
    const messages = [
      ...messagesOf(enrollmentSchema, {}),
      ...messagesOf(enrollmentSchema, { parentFirstName: 'x'.repeat(500), parentEmail: 'nope', childDateOfBirth: '2020-13-45' }),
      ...messagesOf(loginSchema, { email: 'a\u202Eb', password: 'x'.repeat(201) }),
    ];
    expect(messages.length).toBeGreaterThan(5);
    for (const message of messages) {
      const ref = errorRef(message);
      expect({ message, known: !!ref && ref.id in errorsEn }).toEqual({ message, known: true });
    }
    expect(
      t(
        'en',
        'error.tooLong',
        errorRef(messagesOf(enrollmentSchema, { parentFirstName: 'x'.repeat(500) }).find((m) => m.startsWith('error.tooLong'))!)!.values,
      ),
    ).toBe('Must be at most 100 characters');
  });

  it("each form page carries every refusal its schema can give (the page's script formats them by id)", () => {
    const inputs = [
      {},
      {
        parentFirstName: 'x'.repeat(500),
        parentEmail: 'nope',
        parentPhone: '12',
        childDateOfBirth: '2020-13-45',
        startDate: 'x',
        parentZip: '1',
      },
      { parentFirstName: 'a\u202Eb' },
    ];
    for (const input of inputs)
      for (const message of messagesOf(enrollmentSchema, input)) expect(ENROLLMENT_PAGE_ERRORS, message).toContain(errorRef(message)!.id);
    for (const input of [{}, { email: 'a\u202Eb', password: 'x'.repeat(201) }, { email: 'x'.repeat(300) }])
      for (const message of [...messagesOf(loginSchema, input), ...messagesOf(forgotPasswordSchema, input)])
        expect(LOGIN_PAGE_ERRORS, message).toContain(errorRef(message)!.id);
  });
});
