import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The staff screens' words live in the staff area of the catalogue (ADR 070, ADR 086): these files say nothing in
 * English themselves, they name catalogue keys (`staffText`, `tabText`, the server's `t` and `staffNotice`). Read
 * with the TypeScript parser, so comments and class names are not findings: a finding is JSX text with a letter, or a
 * string (or a piece of a template) that reads as words: a capitalised word first, or a letter beside a space.
 */
const root = join(import.meta.dirname, '../..');
const admin = 'src/client/components/admin';

const GUARDED = [
  `${admin}/tabs/ActivitiesTab.tsx`,
  `${admin}/tabs/activities/ActivityDialog.tsx`,
  `${admin}/tabs/activities/MilestoneDialog.tsx`,
  `${admin}/tabs/activities/NoteDialog.tsx`,
  `${admin}/tabs/activities/ReportDialog.tsx`,
  `${admin}/tabs/activities/records.ts`,
  `${admin}/tabs/AnnouncementsTab.tsx`,
  `${admin}/tabs/ApplicationsTab.tsx`,
  `${admin}/tabs/AttendanceTab.tsx`,
  `${admin}/tabs/AuditTab.tsx`,
  `${admin}/tabs/audit/audit-fields.ts`,
  `${admin}/tabs/ChildrenTab.tsx`,
  `${admin}/tabs/children/ChildFormDialog.tsx`,
  `${admin}/tabs/children/CredentialsDialog.tsx`,
  `${admin}/tabs/children/PhotoConsentDialog.tsx`,
  `${admin}/tabs/children/PickupsDialog.tsx`,
  `${admin}/tabs/children/records.ts`,
  `${admin}/tabs/ClassroomsTab.tsx`,
  `${admin}/tabs/CommunicationTab.tsx`,
  `${admin}/tabs/DailySheetsTab.tsx`,
  `${admin}/tabs/daily/EditEntryDialog.tsx`,
  `${admin}/tabs/daily/PresenceBadge.tsx`,
  `${admin}/tabs/daily/names.ts`,
  `${admin}/tabs/daily/note-draft.ts`,
  `${admin}/tabs/EventsTab.tsx`,
  `${admin}/tabs/OverviewTab.tsx`,
  `${admin}/tabs/overview/SetupChecklist.tsx`,
  `${admin}/tabs/GalleryTab.tsx`,
  `${admin}/tabs/PaymentsTab.tsx`,
  `${admin}/tabs/StaffTab.tsx`,
  `${admin}/tabs/InvitationLinkDialog.tsx`,
  `${admin}/tabs/payments/ReceiptFormDialog.tsx`,
  `${admin}/tabs/payments/TaxStatementPanel.tsx`,
  `${admin}/tabs/payments/records.ts`,
  `${admin}/AdminDashboard.tsx`,
  `${admin}/OutboxDialog.tsx`,
  `${admin}/ContentRow.tsx`,
  `${admin}/PanelHeader.tsx`,
  `${admin}/useConfirmedDelete.tsx`,
  `${admin}/useSaveDialog.ts`,
  `${admin}/credentials-note.ts`,
  `${admin}/OwnPasswordButton.tsx`,
  `${admin}/OwnPasswordDialog.tsx`,
  `${admin}/StaffForgotPassword.tsx`,
  'src/client/lib/count-line.ts',
  'src/client/routes/admin/login.tsx',
  'src/client/routes/admin/set-password.tsx',
  'src/server/exports/admin-exports.ts',
];

/** A Tailwind class list ('flex gap-2 sm:flex-row'), not words: lower-case tokens, one at least with a dash or a colon. */
const classList = (text: string) => {
  const tokens = text.trim().split(/\s+/);
  return tokens.every((t) => /^[a-z0-9:\-[\]/._%!()]+$/.test(t)) && tokens.some((t) => /[-:]/.test(t));
};

/** Text that reads as words: a capitalised word first, or a letter beside a space. */
const words = (text: string) =>
  /[A-Za-z]{2,}/.test(text) && (/^\s*[A-Z][a-z]/.test(text) || /[A-Za-z] | [A-Za-z]/.test(text)) && !classList(text);

/** Where a string is not text a person reads: a module's name, a class list. */
function exempt(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isImportTypeNode(at)) return true;
    if (ts.isJsxAttribute(at) && ['className', 'rel'].includes(at.name.getText())) return true;
    // A CSS selector ('section, main'), not words.
    if (
      ts.isCallExpression(at) &&
      ts.isPropertyAccessExpression(at.expression) &&
      /^(querySelector(All)?|closest|matches)$/.test(at.expression.name.text)
    )
      return true;
    if (ts.isPropertyAssignment(at) && at.name.getText() === 'className') return true;
    // A route's page title: the route tree is in every page's first load, which the staff words stay out of (ADR 086).
    if (ts.isPropertyAssignment(at) && at.name.getText() === 'head') return true;
    if (ts.isCallExpression(at) && ts.isIdentifier(at.expression) && at.expression.text === 'cn') return true;
    if (ts.isCallExpression(at) && ts.isCallExpression(at.expression) && at.expression.expression.getText() === 'import') return true;
  }
  return false;
}

function findings(path: string): string[] {
  const text = readFileSync(join(root, path), 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const report = (node: ts.Node, what: string) =>
    out.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${JSON.stringify(what.trim())}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (/[A-Za-z]/.test(node.text)) report(node, node.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (words(node.text) && !exempt(node)) report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      const said = parts.filter(words);
      if (said.length > 0 && !exempt(node)) report(node, said.join('…'));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe("the staff screens' words come from the catalogue", () => {
  it('guards files that are there (a renamed file must be renamed here too)', () => {
    expect(GUARDED.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('has no English written in the guarded files: each text names its key in the staff area', () => {
    const found = GUARDED.flatMap(findings);
    expect(found, `English words in a guarded staff file (add them to shared/i18n/staff-*-en.ts):\n${found.join('\n')}`).toEqual([]);
  });

  it('finds English where it is written (the guard itself)', () => {
    const sample = ts.createSourceFile(
      'sample.tsx',
      `const a = <p className="flex gap-2">Loading...</p>; const b = { title: 'Saved' }; const c = \`event \${x}\`; const d = cn('px-2 py-1'); const e = { head: pageHead('Admin Login') };`,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const seen: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node) && /[A-Za-z]/.test(node.text)) seen.push(node.text);
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && words(node.text) && !exempt(node)) seen.push(node.text);
      if (ts.isTemplateExpression(node) && words(node.head.text)) seen.push(node.head.text);
      ts.forEachChild(node, visit);
    };
    visit(sample);
    expect(seen).toEqual(['Loading...', 'Saved', 'event ']);
  });
});

/**
 * A table of English labels (`{ director: 'Director', teacher: 'Teacher' }`) in the code shared by the pages and the
 * server, or in the client, is words a translator cannot find: the code keeps the ids and each id's words are a
 * catalogue key (`staff.role.${id}`, `portal.program.${id}`). A finding is an object literal with two or more string
 * values that read as words (the rule above); the catalogues themselves (src/shared/i18n) are where they belong.
 */
function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(join(root, dir))) {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) sourceFiles(path, into);
    else if (/\.tsx?$/.test(name)) into.push(path);
  }
  return into;
}

function labelTables(path: string, text = readFileSync(join(root, path), 'utf8')): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && !exempt(node)) {
      const said = node.properties.filter(
        (p) =>
          ts.isPropertyAssignment(p) &&
          p.name.getText(file) !== 'className' &&
          (ts.isStringLiteral(p.initializer) || ts.isNoSubstitutionTemplateLiteral(p.initializer)) &&
          words(p.initializer.text),
      );
      if (said.length >= 2)
        out.push(
          `${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${said.map((p) => p.getText(file)).join(', ')}`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/**
 * Objects with words that are no label table, or are not converted yet, by file, each with why. The list only shrinks:
 * a file no longer needing its entry fails the last test below.
 */
const LEFT: readonly { path: string; why: string }[] = [
  { path: 'src/shared/centre.ts', why: "the default profile's seed: the shipped centre's facts, data (ADR 090)" },
  { path: 'src/client/components/home/GallerySection.tsx', why: "an image's `sizes` media queries, not words" },
  { path: 'src/client/components/parent/PreferencesDialog.tsx', why: "each language's own name for itself, the same in every language" },
];

const SHARED_AND_CLIENT = [
  ...sourceFiles('src/shared').filter((path) => !path.startsWith('src/shared/i18n/')),
  ...sourceFiles('src/client'),
];

describe('no table of English labels outside the catalogue', () => {
  it('finds none in src/shared or src/client: the code keeps ids, the catalogue their words', () => {
    const found = SHARED_AND_CLIENT.filter((path) => !LEFT.some((l) => l.path === path)).flatMap((path) => labelTables(path));
    expect(found, `English label tables (move the words to a catalogue, keep the ids):\n${found.join('\n')}`).toEqual([]);
  });

  it('keeps its list of what is left honest: each file there still holds what it is listed for', () => {
    expect(LEFT.filter(({ path }) => !existsSync(join(root, path)) || labelTables(path).length === 0).map(({ path }) => path)).toEqual([]);
  });

  it('finds a table where it is written (the guard itself)', () => {
    const sample = `export const ROLE_LABELS = { director: 'Director', teacher: 'Teacher' };
      const keys = { director: 'staff.role.director', teacher: 'staff.role.teacher' };
      const classes = { on: 'bg-brand-700 text-white', off: 'bg-white text-stone-700' };`;
    expect(labelTables('sample.ts', sample)).toEqual(["sample.ts:1: director: 'Director', teacher: 'Teacher'"]);
  });
});

/**
 * The components every surface shares (the password pages and dialog, ui/, communication/, medication/) take their words from
 * their caller or their own surface's catalogue: a finding is JSX text with a letter, or a string that reads as words
 * (the rule above) given to a prop a person reads or hears (`label`, `aria-label`, `alt`, `placeholder`, `title`,
 * `description`) or as such a prop's default (`label = 'Password'`, `closeLabel = 'Close'`).
 */
const SHARED_COMPONENTS = [
  'src/client/components/NewPasswordPage.tsx',
  'src/client/components/PasswordChangeDialog.tsx',
  'src/client/components/PasswordField.tsx',
  ...sourceFiles('src/client/components/ui'),
  ...sourceFiles('src/client/components/communication'),
  ...sourceFiles('src/client/components/medication'),
];
const SAID = /^(label|aria-label|alt|placeholder|title|description|\w+Label)$/;

/** Shared components still holding English, each with why. The list only shrinks (the last test below). */
const SHARED_LEFT: readonly { path: string; why: string }[] = [];

function saidInProps(path: string, text = readFileSync(join(root, path), 'utf8')): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const report = (node: ts.Node, what: string) =>
    out.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${JSON.stringify(what.trim())}`);
  const strings = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && words(node.text)) report(node, node.text);
    else if (ts.isTemplateExpression(node) && [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].some(words))
      report(node, node.getText(file));
    ts.forEachChild(node, strings);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /[A-Za-z]/.test(node.text)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && SAID.test(node.name.getText(file)) && node.initializer) strings(node.initializer);
    else if (ts.isBindingElement(node) && SAID.test((node.propertyName ?? node.name).getText(file)) && node.initializer)
      strings(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe("the shared components' words come from a catalogue", () => {
  it('finds no English in JSX text, a read-out prop or its default', () => {
    const found = SHARED_COMPONENTS.filter((path) => !SHARED_LEFT.some((l) => l.path === path)).flatMap((path) => saidInProps(path));
    expect(
      found,
      `English in a shared component (take the words from the caller or the surface's catalogue):\n${found.join('\n')}`,
    ).toEqual([]);
  });

  it("finds no English anywhere in ui/: no JSX text, no default, no string that reads as words (the staff files' rule)", () => {
    const found = sourceFiles('src/client/components/ui').flatMap(findings);
    expect(found, `English in a ui/ component (take the words from the caller or the surface's catalogue):\n${found.join('\n')}`).toEqual(
      [],
    );
  });

  it('keeps its list of what is left honest: each file there still holds English', () => {
    expect(
      SHARED_LEFT.filter(({ path }) => !existsSync(join(root, path)) || saidInProps(path).length === 0).map(({ path }) => path),
    ).toEqual([]);
  });

  it('finds English where it is written (the guard itself)', () => {
    const sample = `function F({ label = 'Password', closeLabel = 'Close', name = 'password' }) {
      return <><Select label="Document Type" placeholder={x ? 'Pick one' : y} className="flex gap-2" />Cancel<img alt={t('k')} /></>;
    }`;
    expect(saidInProps('sample.tsx', sample).map((f) => f.replace(/^sample.tsx:\d+: /, ''))).toEqual([
      '"Password"',
      '"Close"',
      '"Document Type"',
      '"Pick one"',
      '"Cancel"',
    ]);
  });
});
