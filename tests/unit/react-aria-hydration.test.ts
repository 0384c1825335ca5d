import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchReactAria, REACT_ARIA_HYDRATION_PATCHES } from '../../scripts/vite-plugins/react-aria-hydration';

// The installed react-aria's own files, as the client build reads them.
const reactAria = dirname(createRequire(import.meta.url).resolve('react-aria/package.json'));
const installed = {
  ssr: join(reactAria, 'dist/private/ssr/SSRProvider.mjs'),
  locale: join(reactAria, 'dist/private/i18n/useDefaultLocale.mjs'),
};

describe('the build change to React Aria (ADR 015)', () => {
  it("finds its code in the installed react-aria: useId no longer asks the hydration store, and keeps the server's id form", () => {
    const out = patchReactAria(readFileSync(installed.ssr, 'utf8'), installed.ssr)!;
    expect(out.patch).toBe(0);
    expect(out.code).toContain('let didSSR = true;');
    expect(out.code).not.toMatch(REACT_ARIA_HYDRATION_PATCHES[0].find);
    // The rest of the file is as published: the hook itself still exists for React Aria's other callers.
    expect(out.code).toContain('useSyncExternalStore');
  });

  it('finds its code in the installed react-aria: the default locale asks only whether it runs on the server', () => {
    const out = patchReactAria(readFileSync(installed.locale, 'utf8'), installed.locale)!;
    expect(out.patch).toBe(1);
    expect(out.code).toContain("let isSSR = typeof window === 'undefined';");
    expect(out.code).not.toMatch(REACT_ARIA_HYDRATION_PATCHES[1].find);
  });

  it('stops the build when a file it must change no longer has the code it replaces', () => {
    const changed = readFileSync(installed.ssr, 'utf8').replace(REACT_ARIA_HYDRATION_PATCHES[0].find, 'let [didSSR] = useSomethingNew();');
    expect(() => patchReactAria(changed, installed.ssr)).toThrow(/react-aria-hydration: expected .* once in .*SSRProvider\.mjs, found it 0 times/);
  });

  it('leaves every other file alone, React Aria Components included', () => {
    expect(patchReactAria('export const x = 1;', '/app/node_modules/react-aria-components/dist/private/Select.mjs')).toBeNull();
    expect(patchReactAria('export const x = 1;', '/app/src/client/main.tsx')).toBeNull();
  });
});
