import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paragraph } from '../../src/server/services/mail-layout';
import { mailEn } from '../../src/shared/i18n/mail-en';
import { mailEs } from '../../src/shared/i18n/mail-es';
import { mailCases } from './mail-paragraph-cases';

describe("one helper writes every letter's catalogue paragraphs", () => {
  it('escapes string values in the HTML, leaves the text as typed, and marks up bold, links and finished HTML', () => {
    const p = paragraph(
      'en',
      'mail.request.body',
      { centre: 'A & B', title: 'Shots <1>', type: 'Other', child: 'Mia' },
      { strong: ['title'] },
    );
    expect(p.text).toContain('Shots <1>');
    expect(p.html).toContain('<strong>Shots &lt;1&gt;</strong>');
    expect(p.html).toContain('A &amp; B');
    expect(p.html).not.toContain('<strong>A');

    const linked = paragraph('es', 'mail.message.portal', { url: 'https://x.example/a?b=1&c=2' }, { links: ['url'] });
    expect(linked.html).toContain('<a href="https://x.example/a?b=1&amp;c=2">https://x.example/a?b=1&amp;c=2</a>');
    expect(linked.text).toContain('https://x.example/a?b=1&c=2');

    const given = paragraph(
      'en',
      'mail.reset.link',
      { link: 'https://x.example/r' },
      { html: { link: '<a href="https://x.example/r">here</a>' } },
    );
    expect(given.html).toContain('<a href="https://x.example/r">here</a>');
    expect(given.text).toContain('https://x.example/r');
  });

  it('writes the reset, milestone, Communication and Spanish application letters exactly as the three helpers before it did', () => {
    const golden = JSON.parse(readFileSync(resolve(import.meta.dirname, 'mail-paragraph-golden.json'), 'utf8')) as unknown;
    expect(mailCases()).toEqual(golden);
  });

  it("relies on the mail catalogues' own words holding no markup characters (it does not escape them)", () => {
    for (const catalogue of [mailEn, mailEs]) for (const words of Object.values(catalogue)) expect(String(words)).not.toMatch(/[<>&]/);
  });
});
