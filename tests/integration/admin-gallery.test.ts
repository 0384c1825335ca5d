import { existsSync, rmSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictures } from '../../db/schema';
import { MAX_UPLOAD_BYTES } from '../../src/shared/constants';
import { NO_FILE_MESSAGE, ONLY_IMAGES_MESSAGE } from '../../src/shared/schemas/gallery';
import { backfillPictureVariants, VARIANT_WIDTHS } from '../../src/server/services/images';
import { startTestServer, type TestServer } from '../helpers/server';
import { english } from '../helpers/english';

let s: TestServer;
let cookie: string;
let uploadsDir: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.adminCookie();
  uploadsDir = s.config.uploadsDir;
});
afterAll(() => s.close());

interface AdminPicture {
  id: string;
  fileName: string;
  originalName: string;
  fileSize: number;
  mimeType: string;
  category: string;
  caption: string | null;
  uploadedAt: string;
  alt: string;
  width: number | null;
  height: number | null;
  variants: { fileName: string; mimeType: string; width: number; height: number }[];
}

/** The GPS IFD pointer tag (0x8825, little-endian) inside an EXIF block. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

/** A phone-like photo: 60×40 pixels, EXIF with the camera and a GPS position, orientation "rotate 90°". */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 9', Copyright: 'Family photo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 57/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '82/1 59/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function png(width = 32, height = 24, colour = '#ff8800'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

function form(file: { bytes: Uint8Array | string; name: string; type: string } | null, fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  if (file) fd.append('picture', new Blob([file.bytes as BlobPart], { type: file.type }), file.name);
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

function upload(body: FormData, headers: Record<string, string> = {}) {
  return s.request('/api/admin/pictures', { method: 'POST', body, headers: { cookie, ...headers } });
}

const storedFiles = () => readdirSync(uploadsDir).sort();

/** A ZIP archive holding one small text file (a local file header is what file-type reads). */
function zip(): Buffer {
  const name = Buffer.from('photo.txt');
  const data = Buffer.from('hello');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

describe('POST /api/admin/pictures', () => {
  it('re-encodes a phone photo: EXIF and GPS gone, orientation applied, random name, row written', async () => {
    const source = await phonePhoto();
    const meta = await sharp(source).metadata();
    // The source really carries what must not be published.
    expect(meta.exif?.includes('TestCam')).toBe(true);
    expect(meta.exif?.includes(GPS_POINTER)).toBe(true);
    expect(meta.orientation).toBe(6);

    const res = await upload(
      form({ bytes: source, name: 'IMG_0042.JPG', type: 'image/jpeg' }, { category: 'classroom', caption: 'Building towers' }),
    );
    expect(res.status).toBe(201);
    const pic = (await res.json()) as AdminPicture;
    expect(pic.fileName).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(pic).toMatchObject({
      originalName: 'IMG_0042.JPG',
      mimeType: 'image/webp',
      category: 'classroom',
      caption: 'Building towers',
      alt: 'Building towers',
    });

    const path = join(uploadsDir, pic.fileName);
    const stored = readFileSync(path);
    expect(pic.fileSize).toBe(statSync(path).size);
    const out = await sharp(stored).metadata();
    expect(out.format).toBe('webp');
    expect(out.exif).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    // Rotated into the pixels: 60×40 with "rotate 90°" is a 40×60 picture.
    expect([out.width, out.height]).toEqual([40, 60]);
    expect(stored.includes('TestCam')).toBe(false);
    expect(stored.includes(GPS_POINTER)).toBe(false);

    const row = s.db.select().from(pictures).where(eq(pictures.id, pic.id)).get()!;
    expect(row).toMatchObject({
      fileName: pic.fileName,
      fileSize: stored.byteLength,
      mimeType: 'image/webp',
      category: 'classroom',
      isActive: true,
    });
  });

  it('is listed publicly with its caption as alt text, and served from /uploads/ as an image with nosniff', async () => {
    const res = await upload(form({ bytes: await png(), name: 'orange.png', type: 'image/png' }, { caption: 'Finger painting' }));
    const pic = (await res.json()) as AdminPicture;

    const gallery = (await (await s.request('/api/gallery')).json()) as Record<string, unknown>[];
    const item = gallery.find((g) => g.id === pic.id)!;
    expect(item).toEqual({
      id: pic.id,
      fileName: pic.fileName,
      caption: 'Finger painting',
      originalName: pic.fileName,
      alt: 'Finger painting',
      width: 32,
      height: 24,
      variants: pic.variants,
    });

    const img = await s.request(`/uploads/${pic.fileName}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it("never shows visitors the uploader's file name (often a child's name); staff still see it", async () => {
    const res = await upload(form({ bytes: await png(), name: 'Emma_Johnson_birthday.png', type: 'image/png' }, { category: 'events' }));
    const pic = (await res.json()) as AdminPicture;
    expect(pic.originalName).toBe('Emma_Johnson_birthday.png');

    const publicBody = await (await s.request('/api/gallery')).text();
    expect(publicBody).not.toContain('Emma');
    const item = (JSON.parse(publicBody) as Record<string, unknown>[]).find((g) => g.id === pic.id)!;
    expect(item).toMatchObject({ originalName: pic.fileName, alt: 'Children at the centre: events' });
    const viaTrpc = (await s.caller().gallery.list()).find((g) => g.id === pic.id)!;
    expect(viaTrpc.originalName).toBe(pic.fileName);

    const staffList = (await (await s.request('/api/admin/pictures', { headers: { cookie } })).json()) as AdminPicture[];
    expect(staffList.find((p) => p.id === pic.id)?.originalName).toBe('Emma_Johnson_birthday.png');
    expect((await s.caller('admin').pictures.list()).find((p) => p.id === pic.id)?.originalName).toBe('Emma_Johnson_birthday.png');
  });

  it('refuses a picture over 40 megapixels from its header, with a clear 413, storing nothing', async () => {
    // A 9000×8000 (72 MP) solid PNG is about 2 MB: small to send, costly to decode.
    const bomb = await sharp({ create: { width: 9000, height: 8000, channels: 3, background: '#7f7f7f' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    const [rows, files] = [s.count(pictures), storedFiles()];
    const res = await upload(form({ bytes: bomb, name: 'bomb.png', type: 'image/png' }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The picture is too large (over 40 megapixels). Please upload a smaller one.',
    );
    expect(s.count(pictures)).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it('defaults the category to general and describes the picture when there is no caption', async () => {
    const pic = (await (await upload(form({ bytes: await png(), name: 'a.png', type: 'image/png' }))).json()) as AdminPicture;
    expect(pic).toMatchObject({ category: 'general', caption: null, alt: 'Children learning and playing at the centre' });
  });

  it('shrinks a large picture to fit 2000×2000 and never enlarges a small one', async () => {
    const big = (await (await upload(form({ bytes: await png(3000, 1000), name: 'wide.png', type: 'image/png' }))).json()) as AdminPicture;
    const bigMeta = await sharp(join(uploadsDir, big.fileName)).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([2000, 667]);
    const small = (await (await upload(form({ bytes: await png(10, 8), name: 'tiny.png', type: 'image/png' }))).json()) as AdminPicture;
    const smallMeta = await sharp(join(uploadsDir, small.fileName)).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([10, 8]);
  });

  it('accepts GIF and WebP sources too', async () => {
    const gif = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#00aa00' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#0000aa' } })
      .webp()
      .toBuffer();
    expect((await upload(form({ bytes: gif, name: 'g.gif', type: 'image/gif' }))).status).toBe(201);
    expect((await upload(form({ bytes: webp, name: 'w.webp', type: 'image/webp' }))).status).toBe(201);
  });

  it('accepts a 16-bit PNG (as editors and scanners save them): the picture and its copies are ordinary 8-bit files', async () => {
    const png16 = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe('ushort');
    const res = await upload(form({ bytes: png16, name: 'scan.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    const pic = (await res.json()) as AdminPicture;
    for (const name of [pic.fileName, ...pic.variants.map((v) => v.fileName)]) {
      const { data } = await sharp(join(uploadsDir, name)).raw().toBuffer({ resolveWithObject: true });
      // The colour survives (16-bit samples read as 8-bit would give noise).
      const [r, g, b] = [data[0]!, data[1]!, data[2]!];
      expect([Math.abs(r - 0x33), Math.abs(g - 0x66), Math.abs(b - 0x99)].every((d) => d <= 6)).toBe(true);
    }
  });

  it('accepts AVIF; answers a clear 400 to HEIC, which this server cannot decode', async () => {
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#aa00aa' } })
      .avif()
      .toBuffer();
    expect((await upload(form({ bytes: avif, name: 'a.avif', type: 'image/avif' }))).status).toBe(201);

    // An ISO-BMFF "ftyp" box with the heic brand: what an iPhone photo starts with.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ]);
    const files = storedFiles();
    const res = await upload(form({ bytes: heic, name: 'IMG_1234.HEIC', type: 'image/heic' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/HEIC .*JPEG/);
    expect(storedFiles()).toEqual(files);
  });

  it('drops anything appended after the image data (a PNG/HTML polyglot)', async () => {
    const polyglot = Buffer.concat([await png(), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload(form({ bytes: polyglot, name: 'innocent.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    const pic = (await res.json()) as AdminPicture;
    expect(readFileSync(join(uploadsDir, pic.fileName)).includes('<script>')).toBe(false);
  });

  const disguised: [string, { bytes: Uint8Array | string; name: string; type: string }][] = [
    [
      'HTML bytes named cat.jpg with an image/jpeg type',
      { bytes: '<!doctype html><html><body><script>alert(1)</script></body></html>', name: 'cat.jpg', type: 'image/jpeg' },
    ],
    [
      'an SVG (a script-capable document) named logo.png',
      {
        bytes: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
        name: 'logo.png',
        type: 'image/png',
      },
    ],
    ['a PDF named scan.jpg', { bytes: '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF', name: 'scan.jpg', type: 'image/jpeg' }],
    ['plain text named photo.jpg', { bytes: 'just some text, not a photo', name: 'photo.jpg', type: 'image/jpeg' }],
    ['an empty file named empty.png', { bytes: new Uint8Array(0), name: 'empty.png', type: 'image/png' }],
  ];
  it.each(disguised)('rejects %s: 400, nothing stored, no file written', async (_name, file) => {
    const [rows, files] = [s.count(pictures), storedFiles()];
    const res = await upload(form(file, { caption: 'nope' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(english(ONLY_IMAGES_MESSAGE));
    expect(s.count(pictures)).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  // Types file-type knows by their bytes but the gallery does not take: a TIFF (which sharp could decode and
  // re-encode, so only the allowed list stops it) and a ZIP. The gallery answers these 400, as any non-image.
  it.each([
    [
      'a TIFF named photo.jpg',
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
          .tiff()
          .toBuffer(),
    ],
    ['a ZIP named photo.png', async () => zip()],
  ])('rejects %s, a type known by its bytes but not allowed: 400, nothing stored, no file written', async (name, bytes) => {
    const [rows, files] = [s.count(pictures), storedFiles()];
    const res = await upload(form({ bytes: await bytes(), name: name.split(' ').at(-1)!, type: 'image/jpeg' }, { caption: 'nope' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(english(ONLY_IMAGES_MESSAGE));
    expect(s.count(pictures)).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it('rejects a JPEG header with a damaged body with a clear 400, not a 500', async () => {
    const good = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const broken = Buffer.concat([good.subarray(0, 40), Buffer.alloc(200, 0x41)]);
    const files = storedFiles();
    const res = await upload(form({ bytes: broken, name: 'broken.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/could not be read/);
    expect(storedFiles()).toEqual(files);
  });

  it('answers 400 with the "no file" message when the picture is missing (field absent, or an empty file input)', async () => {
    const rows = s.count(pictures);
    const none = await upload(form(null, { caption: 'no file' }));
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe(english(NO_FILE_MESSAGE));
    // What a browser sends for a file input left empty: a part with no name and no bytes.
    const emptyInput = await upload(form({ bytes: new Uint8Array(0), name: '', type: 'application/octet-stream' }));
    expect(emptyInput.status).toBe(400);
    expect(((await emptyInput.json()) as { message: string }).message).toBe(english(NO_FILE_MESSAGE));
    const json = await s.request('/api/admin/pictures', { method: 'POST', json: { picture: 'x' }, headers: { cookie } });
    expect(json.status).toBe(400);
    expect(s.count(pictures)).toBe(rows);
  });

  it('refuses an unknown category and an over-long caption, storing nothing', async () => {
    const [rows, files] = [s.count(pictures), storedFiles()];
    const badCategory = await upload(form({ bytes: await png(), name: 'a.png', type: 'image/png' }, { category: 'bathroom' }));
    expect(badCategory.status).toBe(400);
    expect(((await badCategory.json()) as { message: string }).message).toBe('Please choose a gallery category');
    const longCaption = await upload(form({ bytes: await png(), name: 'a.png', type: 'image/png' }, { caption: 'x'.repeat(301) }));
    expect(longCaption.status).toBe(400);
    expect(s.count(pictures)).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it('answers 413 to a file over 10 MB, whether the request or only the file is over the limit', async () => {
    const [rows, files] = [s.count(pictures), storedFiles()];
    const huge = await upload(form({ bytes: new Uint8Array(MAX_UPLOAD_BYTES + 512 * 1024), name: 'huge.jpg', type: 'image/jpeg' }));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe('The file is too large. The limit is 10 MB.');
    // Just over 10 MB: the request fits the transport limit, the file does not.
    const justOver = await upload(form({ bytes: new Uint8Array(MAX_UPLOAD_BYTES + 1), name: 'big.jpg', type: 'image/jpeg' }));
    expect(justOver.status).toBe(413);
    expect(s.count(pictures)).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it('keeps no file when the row cannot be written', async () => {
    const files = storedFiles();
    s.db.$client.exec(`CREATE TRIGGER fail_picture_insert BEFORE INSERT ON pictures BEGIN SELECT RAISE(ABORT, 'disk full'); END;`);
    try {
      const res = await upload(form({ bytes: await png(), name: 'a.png', type: 'image/png' }));
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).not.toMatch(/disk full|sqlite/i);
    } finally {
      s.db.$client.exec('DROP TRIGGER fail_picture_insert');
    }
    expect(storedFiles()).toEqual(files);
  });

  it('keeps the browser-supplied name harmless', async () => {
    const res = await upload(form({ bytes: await png(), name: '../../etc/passwd<script>.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    const pic = (await res.json()) as AdminPicture;
    expect(pic.originalName).toBe('passwdscript.png');
    expect(pic.fileName).toMatch(/^[0-9a-f-]{36}\.webp$/);
  });
});

describe('GET and DELETE /api/admin/pictures', () => {
  it('lists every picture for staff with category, size and upload time, newest first', async () => {
    s.clock.advance(60_000);
    const latest = (await (await upload(form({ bytes: await png(), name: 'latest.png', type: 'image/png' }), {})).json()) as AdminPicture;
    const res = await s.request('/api/admin/pictures', { headers: { cookie } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as AdminPicture[];
    expect(list[0]).toMatchObject({ id: latest.id, category: 'general', mimeType: 'image/webp', uploadedAt: s.clock.now().toISOString() });
    expect(list[0]!.fileSize).toBeGreaterThan(0);
    expect(list.length).toBe(s.count(pictures));
    expect((await s.caller('admin').pictures.list()).map((p) => p.id)).toEqual(list.map((p) => p.id));
  });

  it('deletes the row and the file; the image then answers 404; a second delete answers 404', async () => {
    const pic = (await (
      await upload(form({ bytes: await png(), name: 'bye.png', type: 'image/png' }, { caption: 'Goodbye' }))
    ).json()) as AdminPicture;
    expect((await s.request(`/uploads/${pic.fileName}`)).status).toBe(200);

    const res = await s.request(`/api/admin/pictures/${pic.id}`, { method: 'DELETE', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, id: pic.id });
    expect(s.db.select().from(pictures).where(eq(pictures.id, pic.id)).get()).toBeUndefined();
    expect(existsSync(join(uploadsDir, pic.fileName))).toBe(false);
    expect((await s.request(`/uploads/${pic.fileName}`)).status).toBe(404);
    const gallery = (await (await s.request('/api/gallery')).json()) as { id: string }[];
    expect(gallery.some((g) => g.id === pic.id)).toBe(false);

    const again = await s.request(`/api/admin/pictures/${pic.id}`, { method: 'DELETE', headers: { cookie } });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toBe('Picture not found');
  });

  it('never touches a path outside the uploads folder, whatever the row says', async () => {
    const row = s.db
      .insert(pictures)
      .values({ fileName: '../app.sqlite', originalName: 'x', fileSize: 1, mimeType: 'image/webp' })
      .returning()
      .get();
    const res = await s.request(`/api/admin/pictures/${row.id}`, { method: 'DELETE', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(existsSync(join(s.dir, 'app.sqlite'))).toBe(true);
  });
});

/** A photo-like picture (a gradient with noise), so encoders have real work and sizes mean something. */
async function photo(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (((i / 3) % width) * 200) / width + ((i * 2654435761) % 40);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What a stored file really is, by its bytes (never its name), and its pixel size. */
async function inspect(fileName: string) {
  const bytes = readFileSync(join(uploadsDir, fileName));
  const meta = await sharp(bytes).metadata();
  return { mime: (await fileTypeFromBuffer(bytes))?.mime, width: meta.width, height: meta.height };
}

describe('responsive variants (AVIF and WebP copies for srcset)', () => {
  it('an upload writes AVIF at every width and WebP below the full width, each what its name and entry say', async () => {
    const res = await upload(form({ bytes: await photo(1600, 1200), name: 'garden.jpg', type: 'image/jpeg' }, { caption: 'Garden' }));
    expect(res.status).toBe(201);
    const pic = (await res.json()) as AdminPicture;
    expect([pic.width, pic.height]).toEqual([1600, 1200]);
    const expected = VARIANT_WIDTHS.flatMap((w) => [
      { mimeType: 'image/avif', width: w, height: (w * 3) / 4 },
      { mimeType: 'image/webp', width: w, height: (w * 3) / 4 },
    ]);
    expect(pic.variants.map(({ mimeType, width, height }) => ({ mimeType, width, height }))).toEqual(expected);
    const base = pic.fileName.replace('.webp', '');
    for (const v of pic.variants) {
      expect(v.fileName).toBe(`${base}-${v.width}w.${v.mimeType === 'image/avif' ? 'avif' : 'webp'}`);
      expect(await inspect(v.fileName)).toEqual({ mime: v.mimeType, width: v.width, height: v.height });
      const served = await s.request(`/uploads/${v.fileName}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(v.mimeType);
    }
    // Smaller copies are smaller files: the point of srcset on a phone.
    const size = (name: string) => statSync(join(uploadsDir, name)).size;
    const smallest = pic.variants.find((v) => v.mimeType === 'image/webp' && v.width === 320)!;
    expect(size(smallest.fileName)).toBeLessThan(size(pic.fileName) / 4);
    // The public list and the staff list carry the same variants.
    const item = ((await (await s.request('/api/gallery')).json()) as AdminPicture[]).find((g) => g.id === pic.id)!;
    expect(item.variants).toEqual(pic.variants);
    expect((await s.caller('admin').pictures.list()).find((p) => p.id === pic.id)?.variants).toEqual(pic.variants);
  });

  it('never enlarges: a picture narrower than the widths gets one AVIF at its own width, its WebP is the picture itself', async () => {
    const pic = (await (
      await upload(form({ bytes: await photo(500, 250), name: 'small.jpg', type: 'image/jpeg' }))
    ).json()) as AdminPicture;
    expect(pic.variants.map(({ mimeType, width, height }) => ({ mimeType, width, height }))).toEqual([
      { mimeType: 'image/avif', width: 320, height: 160 },
      { mimeType: 'image/webp', width: 320, height: 160 },
      { mimeType: 'image/avif', width: 500, height: 250 },
    ]);
    for (const v of pic.variants) expect(await inspect(v.fileName)).toEqual({ mime: v.mimeType, width: v.width, height: v.height });
  });

  it('variants are upright and carry no EXIF or GPS, like the picture', async () => {
    const pic = (await (await upload(form({ bytes: await phonePhoto(), name: 'IMG_1.JPG', type: 'image/jpeg' }))).json()) as AdminPicture;
    expect([pic.width, pic.height]).toEqual([40, 60]);
    expect(pic.variants).toEqual([{ fileName: pic.fileName.replace('.webp', '-40w.avif'), mimeType: 'image/avif', width: 40, height: 60 }]);
    const bytes = readFileSync(join(uploadsDir, pic.variants[0]!.fileName));
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes('TestCam')).toBe(false);
    expect(bytes.includes(GPS_POINTER)).toBe(false);
  });

  it('deleting a picture removes every variant file too; they then answer 404', async () => {
    const pic = (await (await upload(form({ bytes: await photo(700, 700), name: 'bye.jpg', type: 'image/jpeg' }))).json()) as AdminPicture;
    const names = [pic.fileName, ...pic.variants.map((v) => v.fileName)];
    expect(names.length).toBe(6); // the WebP, AVIF and WebP at 320 and 640, AVIF at 700
    for (const n of names) expect(existsSync(join(uploadsDir, n))).toBe(true);
    const res = await s.request(`/api/admin/pictures/${pic.id}`, { method: 'DELETE', headers: { cookie } });
    expect(res.status).toBe(200);
    for (const n of names) {
      expect(existsSync(join(uploadsDir, n))).toBe(false);
      expect((await s.request(`/uploads/${n}`)).status).toBe(404);
    }
    expect(storedFiles().some((f) => f.startsWith(pic.fileName.replace('.webp', '')))).toBe(false);
  });

  it('a picture uploaded before variants existed is listed with none, then gets them from the start-up backfill', async () => {
    // As an older version stored it: the WebP alone, and a row without size or variants.
    const legacy = (await (
      await upload(form({ bytes: await photo(1000, 800), name: 'old.jpg', type: 'image/jpeg' }))
    ).json()) as AdminPicture;
    for (const v of legacy.variants) rmSync(join(uploadsDir, v.fileName));
    s.db.update(pictures).set({ width: null, height: null, variants: null }).where(eq(pictures.id, legacy.id)).run();

    const before = ((await (await s.request('/api/gallery')).json()) as AdminPicture[]).find((g) => g.id === legacy.id)!;
    expect(before).toMatchObject({ fileName: legacy.fileName, width: null, height: null, variants: [] });
    expect((await s.request(`/uploads/${legacy.fileName}`)).status).toBe(200);

    // One whose file is gone is marked [] (shown as it is, not retried at every start).
    const lost = s.db
      .insert(pictures)
      .values({ fileName: '00000000-0000-4000-8000-000000000000.webp', originalName: 'x', fileSize: 1, mimeType: 'image/webp' })
      .returning()
      .get();
    const made = await backfillPictureVariants(s, { warn() {} } as never);
    expect(made).toBeGreaterThanOrEqual(1);

    const row = s.db.select().from(pictures).where(eq(pictures.id, legacy.id)).get()!;
    expect([row.width, row.height]).toEqual([1000, 800]);
    expect(row.variants?.map((v) => `${v.mimeType} ${v.width}x${v.height}`)).toEqual([
      'image/avif 320x256',
      'image/webp 320x256',
      'image/avif 640x512',
      'image/webp 640x512',
      'image/avif 800x640',
      'image/webp 800x640',
      'image/avif 960x768',
      'image/webp 960x768',
      'image/avif 1000x800',
    ]);
    for (const v of row.variants!) expect(await inspect(v.fileName)).toEqual({ mime: v.mimeType, width: v.width, height: v.height });
    expect(s.db.select().from(pictures).where(eq(pictures.id, lost.id)).get()?.variants).toEqual([]);
    // A second run has nothing left to do.
    expect(await backfillPictureVariants(s, { warn() {} } as never)).toBe(0);
  });
});
