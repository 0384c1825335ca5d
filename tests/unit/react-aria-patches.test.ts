import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { patchReactAria, REACT_ARIA_PATCHES } from '../../scripts/vite-plugins/react-aria-patches';

// The installed react-aria's own files, as the client build reads them.
const reactAria = dirname(createRequire(import.meta.url).resolve('react-aria/package.json'));
const installed = {
  ssr: join(reactAria, 'dist/private/ssr/SSRProvider.mjs'),
  locale: join(reactAria, 'dist/private/i18n/useDefaultLocale.mjs'),
  collator: join(reactAria, 'dist/private/i18n/useCollator.mjs'),
  listFormatter: join(reactAria, 'dist/private/i18n/useListFormatter.mjs'),
  collections: join(reactAria, 'dist/private/collections/CollectionBuilder.mjs'),
  press: join(reactAria, 'dist/private/interactions/usePress.mjs'),
};

/** One of react-aria's modules as the build changes it, loaded from a copy whose relative imports point at the installed files. */
async function importPatched<T>(file: string): Promise<T> {
  const out = patchReactAria(readFileSync(file, 'utf8'), file)!;
  const dir = mkdtempSync(join(tmpdir(), 'react-aria-patch-'));
  const copy = join(dir, basename(file));
  const imports = out.code
    .replace(/^\/\/# sourceMappingURL=.*$/m, '')
    .replace(/from "(\.{1,2}\/[^"]+)"/g, (_, rel: string) => `from ${JSON.stringify(pathToFileURL(join(dirname(file), rel)).href)}`);
  writeFileSync(copy, imports);
  try {
    return (await import(pathToFileURL(copy).href)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the build changes to React Aria (ADR 015)', () => {
  it("finds its code in the installed react-aria: useId no longer asks the hydration store, and keeps the server's id form", () => {
    const out = patchReactAria(readFileSync(installed.ssr, 'utf8'), installed.ssr)!;
    expect(out.patches).toEqual([0]);
    expect(out.code).toContain('let didSSR = true;');
    expect(out.code).not.toMatch(REACT_ARIA_PATCHES[0].find);
    // The rest of the file is as published: the hook itself still exists for React Aria's other callers.
    expect(out.code).toContain('useSyncExternalStore');
  });

  it('finds its code in the installed react-aria: the default locale asks only whether it runs on the server', () => {
    const out = patchReactAria(readFileSync(installed.locale, 'utf8'), installed.locale)!;
    expect(out.patches).toEqual([1, 2]);
    expect(out.code).toContain("let isSSR = typeof window === 'undefined';");
    expect(out.code).not.toMatch(REACT_ARIA_PATCHES[1].find);
  });

  it("finds its code in the installed react-aria: the app's locale, en-US, is taken without asking the browser's Intl data", async () => {
    const asked = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const locale = Symbol.for('react-aria.i18n.locale');
    vi.stubGlobal('window', { [locale]: 'en-US' });
    try {
      const { getDefaultLocale } = await importPatched<{ getDefaultLocale: () => { locale: string; direction: string } }>(installed.locale);
      expect(getDefaultLocale()).toEqual({ locale: 'en-US', direction: 'ltr' });
      expect(asked).not.toHaveBeenCalled();
      // Any other locale is still checked, as published.
      vi.stubGlobal('window', { [locale]: 'he-IL' });
      expect(getDefaultLocale()).toEqual({ locale: 'he-IL', direction: 'rtl' });
      expect(asked).toHaveBeenCalledWith(['he-IL']);
    } finally {
      vi.unstubAllGlobals();
      asked.mockRestore();
    }
  });

  it('finds its code in the installed react-aria: a collator and a list formatter are made when first used, not when drawn', async () => {
    const made = { Collator: 0, ListFormat: 0 };
    const real = { Collator: Intl.Collator, ListFormat: Intl.ListFormat } as unknown as Record<keyof typeof made, new (...a: unknown[]) => object>;
    const counting = (kind: keyof typeof made) =>
      function (...args: unknown[]) {
        made[kind]++;
        return new real[kind](...args);
      };
    vi.stubGlobal('Intl', Object.create(Intl, { Collator: { value: counting('Collator') }, ListFormat: { value: counting('ListFormat') } }));
    try {
      const { useCollator } = await importPatched<{ useCollator: (o: Intl.CollatorOptions) => Intl.Collator }>(installed.collator);
      const { useListFormatter } = await importPatched<{ useListFormatter: () => Intl.ListFormat }>(installed.listFormatter);
      let collator: Intl.Collator | undefined, list: Intl.ListFormat | undefined;
      function Select() {
        collator = useCollator({ usage: 'search', sensitivity: 'base' });
        list = useListFormatter();
        return null;
      }
      renderToString(createElement(Select));
      expect(made).toEqual({ Collator: 0, ListFormat: 0 });
      // Used, each is the real thing, made once.
      expect(collator!.compare('apple', 'APPLE')).toBe(0);
      expect(collator!.compare('a', 'b')).toBe(-1);
      expect(list!.format(['Toddler', 'Preschool'])).toBe('Toddler and Preschool');
      expect(list!.formatToParts(['a']).map((p) => p.value)).toEqual(['a']);
      expect(made).toEqual({ Collator: 1, ListFormat: 1 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("finds its code in the installed react-aria: a collection drawn on the server moves to its portal in a transition, and the server still builds it", async () => {
    const out = patchReactAria(readFileSync(installed.collections, 'utf8'), installed.collections)!;
    expect(out.patches).toEqual([REACT_ARIA_PATCHES.findIndex((p) => p.file.test(installed.collections))]);
    expect(out.code).toContain('startTransition(()=>setPortal(true))');
    type Item = { id: string; children: string };
    const { CollectionBuilder, Collection, createLeafComponent } = await importPatched<{
      CollectionBuilder: (props: { content: unknown; children: (collection: { size: number; getKeys(): Iterable<string> }) => unknown }) => never;
      Collection: (props: { items: Item[]; children: (item: Item) => unknown }) => never;
      createLeafComponent: (type: string, render: (props: Item) => unknown) => (props: { id: string; children: string }) => never;
    }>(installed.collections);
    const Option = createLeafComponent('item', (props) => createElement('li', null, props.children));
    const items = [
      { id: 'infant', children: 'Infant Care' },
      { id: 'preschool', children: 'Preschool Program' },
    ];
    const content = createElement(Collection, { items, children: (item: Item) => createElement(Option, { id: item.id, children: item.children }) });
    const html = renderToString(
      createElement(CollectionBuilder, { content, children: (collection) => createElement('output', null, `${collection.size}: ${[...collection.getKeys()].join(', ')}`) }),
    );
    expect(html).toContain('<output>2: infant, preschool</output>');
  });

  it('stops the build when a file it must change no longer has the code it replaces', () => {
    const changed = readFileSync(installed.ssr, 'utf8').replace(REACT_ARIA_PATCHES[0].find, 'let [didSSR] = useSomethingNew();');
    expect(() => patchReactAria(changed, installed.ssr)).toThrow(/react-aria-patches: expected .* once in .*SSRProvider\.mjs, found it 0 times/);
  });

  it('leaves every other file alone, React Aria Components included', () => {
    expect(patchReactAria('export const x = 1;', '/app/node_modules/react-aria-components/dist/private/Select.mjs')).toBeNull();
    expect(patchReactAria('export const x = 1;', '/app/src/client/main.tsx')).toBeNull();
  });
});

describe("React Aria's pressable rule in the page as it arrives (index.html)", () => {
  it("is the style element usePress would add, under the id it looks for, with the rule it would write, before every stylesheet", () => {
    const press = readFileSync(installed.press, 'utf8');
    const styleId = /var\$STYLE_ID = '([^']+)'/.exec(press)?.[1];
    const attribute = /var\$PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(press)?.[1];
    const rule = /\[\$\{[^}]*PRESSABLE_ATTRIBUTE\}\] \{\s*([^}]+?);?\s*\}/.exec(press)?.[1];
    expect([styleId, attribute, rule]).toEqual(['react-aria-pressable-style', 'data-react-aria-pressable', 'touch-action: pan-x pan-y pinch-zoom']);
    // usePress adds its element only when the document has none with that id.
    expect(press).toMatch(/getElementById\(\$\w+\$var\$STYLE_ID\)\) return;/);
    const html = readFileSync(new URL('../../src/client/index.html', import.meta.url), 'utf8');
    const at = html.indexOf(`<style id="${styleId}">@layer { [${attribute}] { ${rule}; } }</style>`);
    expect(at).toBeGreaterThan(0);
    // First in the head, as usePress prepends it: its unnamed layer is then the weakest, under Tailwind's.
    expect(html.indexOf('<style')).toBe(at);
    expect(html.indexOf('<!--app-head-->')).toBeGreaterThan(at);
  });
});
