import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';

/**
 * Gallery pictures on a phone: the browser gets AVIF (or WebP) at the width the tile needs, the space is kept
 * before the picture arrives (width and height), and nothing below the fold is fetched before it is scrolled to.
 */

/** A photo-like picture (a gradient with noise), uploaded as staff do; its caption names its tile. */
async function uploadPhoto(server: TestServer, caption: string, width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (((i / 3) % width) * 200) / width + ((i * 2654435761) % 40);
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const body = new FormData();
  body.append('picture', new Blob([jpeg as BlobPart], { type: 'image/jpeg' }), 'photo.jpg');
  body.append('caption', caption);
  const res = await server.request('/api/admin/pictures', { method: 'POST', body, headers: { cookie: await server.adminCookie() } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; fileName: string };
}

async function deletePicture(server: TestServer, id: string) {
  await server.request(`/api/admin/pictures/${id}`, { method: 'DELETE', headers: { cookie: await server.adminCookie() } });
}

/** The width the browser should have picked: the smallest candidate at least as wide as the tile's device pixels. */
async function expectedCandidate(page: Page, img: ReturnType<Page['locator']>, candidates: number[]) {
  const needed = await img.evaluate((el: HTMLImageElement) => el.getBoundingClientRect().width * window.devicePixelRatio);
  return [...candidates].sort((a, b) => a - b).find((w) => w >= needed) ?? Math.max(...candidates);
}

/**
 * Checks the picture's tile on `page` (already on the home page): its size and sources as the page gives them, then,
 * once scrolled to, the AVIF the browser picked at the tile's width, by its bytes.
 */
async function expectPictureChosen(page: Page, caption: string, fileName: string) {
  const img = page.getByRole('list', { name: 'Photo gallery' }).getByRole('figure', { name: caption }).locator('img');
  // Set before it loads: the browser keeps the space, nothing jumps.
  await expect(img).toHaveAttribute('width', '1600');
  await expect(img).toHaveAttribute('height', '1200');
  const base = `/uploads/${fileName.replace('.webp', '')}`;
  await expect(img).toHaveAttribute(
    'srcset',
    `${base}-320w.webp 320w, ${base}-640w.webp 640w, ${base}-800w.webp 800w, ${base}-960w.webp 960w, ${base}-1280w.webp 1280w, /uploads/${fileName} 1600w`,
  );
  await expect(img).toHaveAttribute('sizes', /100vw/);
  await expect(img.locator('xpath=preceding-sibling::source')).toHaveAttribute('type', 'image/avif');

  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveJSProperty('complete', true);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const width = await expectedCandidate(page, img, [320, 640, 800, 960, 1280]);
  expect(await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toBe(`${base}-${width}w.avif`);
  // That file is an AVIF by its bytes, at that width.
  const served = await (await page.request.get(`${base}-${width}w.avif`)).body();
  expect((await fileTypeFromBuffer(served))?.mime).toBe('image/avif');
  expect((await sharp(served).metadata()).width).toBe(width);
}

// One picture for the three checks: encoding a 1600 px photo's AVIF and WebP widths takes seconds of CPU on a busy
// 2-core machine.
test.describe('on a phone, then a desktop', () => {
  test.use({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });

  test('gallery images below the fold wait until scrolled to; a picture has its size set and a srcset, and the browser picks AVIF at the width of its tile', async ({
    page,
    browser,
    server,
  }) => {
    // The upload's encoding (it ran out of the 30 s once in 2,360 runs under load) and two screens: a longer budget,
    // the waits below are unchanged.
    test.slow();
    const caption = `Water table ${crypto.randomUUID().slice(0, 8)}`;
    const pic = await uploadPhoto(server, caption, 1600, 1200);
    try {
      await test.step('on a phone: nothing below the fold is fetched until the gallery is scrolled to', async () => {
        const fetched: string[] = [];
        page.on('request', (r) => {
          if (/\/(gallery|uploads)\//.test(new URL(r.url()).pathname)) fetched.push(r.url());
        });
        await page.goto('/');
        const gallery = page.getByRole('list', { name: 'Photo gallery' });
        await expect(gallery.getByRole('figure', { name: caption })).toBeAttached();
        const images = gallery.locator('img');
        // Two frames after the tiles are rendered: an eager image would have chosen its source and started by now.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        expect(await gallery.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(667);
        for (const img of await images.all()) {
          await expect(img).toHaveAttribute('loading', 'lazy');
          expect(await img.evaluate((el: HTMLImageElement) => ({ started: el.currentSrc !== '', complete: el.complete }))).toEqual({
            started: false,
            complete: false,
          });
        }
        expect(fetched).toEqual([]);

        const first = images.first();
        await first.scrollIntoViewIfNeeded();
        await expect(first).toHaveJSProperty('complete', true);
        expect(await first.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
        expect(fetched.length).toBeGreaterThan(0);
      });

      await test.step('on a phone (2 device pixels a pixel): AVIF at the width of its tile', async () => {
        await expectPictureChosen(page, caption, pic.fileName);
      });

      await test.step('on a desktop: AVIF at the width of its tile', async () => {
        const desktop = await browser.newContext({
          baseURL: server.url,
          viewport: { width: 1280, height: 800 },
          deviceScaleFactor: 1,
          serviceWorkers: 'block',
        });
        try {
          const desk = await desktop.newPage();
          await desk.goto('/');
          await desk.locator('html[data-app-ready]').waitFor({ state: 'attached' });
          await expectPictureChosen(desk, caption, pic.fileName);
        } finally {
          await desktop.close();
        }
      });
    } finally {
      await deletePicture(server, pic.id);
    }
  });
});
