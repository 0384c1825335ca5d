/**
 * A parent's download of a photo of the day is the picture as it was uploaded (ADR 084): a JPEG stays a JPEG and
 * a PNG a PNG, upright and at the size it was taken, with its EXIF (the camera, the GPS position) gone; only for
 * the families of the children it shows (another family: 404), never kept by a cache.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolledChildren } from '../../db/schema';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';

const s = sharedAdminServer();
let a: Family;
let b: Family;
let childA: string;

beforeAll(async () => {
  s.clock.set('2026-11-20T17:00:00Z');
  a = await enrolFamily(s, 'originals.a@example.com', ['Ada Alder']);
  b = await enrolFamily(s, 'originals.b@example.com', ['Ben Birch']);
  childA = a.children[0]!.id;
  s.db.update(enrolledChildren).set({ photoConsent: true }).where(eq(enrolledChildren.id, childA)).run();
});

/** A phone's photo: 900×600 (wider than the timeline's copy), the camera and a GPS position in its EXIF. */
const EXIF = {
  IFD0: { Make: 'TestCam', Model: 'Phone 9' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 57/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '82/1 59/1 0/1' },
};
const picture = () => sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } });

async function upload(bytes: Buffer, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('picture', new Blob([bytes as BlobPart], { type }), name);
  form.append('childIds[]', childA);
  form.append('caption', 'Painting');
  const res = await s.request('/api/admin/child-photos', { method: 'POST', body: form, ...as(s.admin) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

async function download(id: string, family: Family) {
  const res = await s.request(`/api/child-photos/${id}/original`, bearer(family.token));
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("a parent's download of a photo of the day", () => {
  it('of a JPEG with GPS in its EXIF is a JPEG at its own size, with no EXIF and no GPS, private and no-store', async () => {
    const sent = await picture().jpeg().withExif(EXIF).toBuffer();
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    expect(sent.includes('TestCam')).toBe(true);
    const id = await upload(sent, 'IMG_7001.JPG', 'image/jpeg');
    const { res, bytes } = await download(id, a);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="IMG_7001-2026-11-20.jpg"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 900, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('Exif')).toBe(false);
    expect(bytes.includes('TestCam')).toBe(false);
    // The timeline's copy is still the small WebP.
    const shown = await s.request(`/api/child-photos/${id}`, bearer(a.token));
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(640);
  });

  it('of a PNG is a PNG, without its text chunks', async () => {
    const sent = await picture().png().withMetadata({ exif: EXIF }).toBuffer();
    expect(sent.includes('TestCam')).toBe(true);
    const id = await upload(sent, 'drawing.png', 'image/png');
    const { res, bytes } = await download(id, a);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="drawing-2026-11-20.png"');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('TestCam')).toBe(false);
  });

  it('is 404 to another family, with nothing of the photo, and 401 to nobody', async () => {
    const id = await upload(await picture().jpeg().withExif(EXIF).toBuffer(), 'IMG_7002.JPG', 'image/jpeg');
    const { res, bytes } = await download(id, b);
    expect(res.status).toBe(404);
    expect(bytes.includes('Painting')).toBe(false);
    expect([...bytes.subarray(0, 2)]).not.toEqual([0xff, 0xd8]);
    expect((await s.request(`/api/child-photos/${id}/original`)).status).toBe(401);
  });
});
