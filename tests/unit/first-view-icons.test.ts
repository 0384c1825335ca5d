import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from '../../src/client/components/icons/first-view-icons';

/**
 * The first view's icons (ADR 107) are lucide's drawings copied as data: each draws what lucide-react draws for the
 * same name (its elements and the svg's attributes; lucide's class names also list an icon's old aliases).
 */
const draw = (component: unknown, props: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(component as ComponentType<Record<string, unknown>>, props)).replace(/ class="[^"]*"/, '');

describe('the first view’s icons', () => {
  for (const name of Object.keys(icons.ICON_NODES) as (keyof typeof icons.ICON_NODES)[]) {
    it(`${name} draws as lucide-react's`, () => {
      const ours = draw(icons[name], { className: 'size-4' });
      expect(ours).toContain('<svg');
      expect(ours).toBe(draw(lucide[name], { className: 'size-4' }));
      // Named by the caller: not hidden.
      expect(draw(icons[name], { 'aria-label': 'x' })).toBe(draw(lucide[name], { 'aria-label': 'x' }));
    });
  }

  it('carries lucide’s class names', () => {
    expect(renderToStaticMarkup(createElement(icons.Menu, { className: 'size-5' }))).toContain('class="lucide lucide-menu size-5"');
  });
});
