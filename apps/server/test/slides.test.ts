import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectError, type TestApp, type TestClient } from './harness';
import { EXE, JPEG, multipartForm } from './papers';

/**
 * The news slider screen (spec 03 "Slide", §4–§5; issue 22 §2): the editor panel's slides with their pictures; at
 * most five; the rules of captions and pictures; edit with or without a new picture; order; the slider's switch; the
 * home page follows at once.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';
interface Slide {
  id: number;
  imageUrl: string;
  captionEn: string;
  enabled: boolean;
  order: number;
}

/** A JPEG with a comment segment (metadata the server strips), and a bare BMP. */
const COMMENT = Buffer.from('Camera: Someone');
const PICTURE = Buffer.concat([
  JPEG.subarray(0, 20),
  Buffer.from([0xff, 0xfe, 0x00, COMMENT.length + 2]),
  COMMENT,
  JPEG.subarray(20),
]);
const BMP = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);

const data = (captionEn: string, extra: Record<string, unknown> = {}) => ({
  captionEn,
  captionAr: `شريحة ${captionEn}`,
  ...extra,
});
const send = (method: 'POST' | 'PUT', url: string, body: unknown, files: [string, string, Buffer][] = []) => {
  const { payload, headers } = multipartForm({ data: JSON.stringify(body) }, files);
  return manager.request(method, url, payload, { ...headers, 'accept-language': 'en' });
};
const list = async () => (await manager.get(`${G}/slides`)).body.items as Slide[];
const home = async () => (await app.client().get(`${G}/home`)).body.homeSlider as { id: number; imageUrl: string }[];

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());

describe('the news slider', () => {
  it('adds slides up to five, its picture cleaned; the home page shows each at once; a sixth is refused', async () => {
    const before = await list();
    expect(before.length).toBeGreaterThan(0);
    await home(); // Cached now: the add must drop it.
    const added: Slide[] = [];
    for (let n = before.length; n < 5; n++) {
      const answer = await send('POST', `${G}/slides`, data(`Slide ${n}`, { color: '#ffd43b' }), [
        ['image', 'photo.jpg', PICTURE],
      ]);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ captionEn: `Slide ${n}`, color: '#ffd43b', enabled: true, order: n + 1 });
      added.push(answer.body as Slide);
    }
    expect((await home()).map((slide) => slide.id)).toEqual(expect.arrayContaining(added.map((slide) => slide.id)));
    // The picture, stored without its comment, from the screen's link and the public one.
    const picture = await manager.get(added[0]!.imageUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.raw.includes(COMMENT)).toBe(false);
    const publicLink = (await home()).find((slide) => slide.id === added[0]!.id)!.imageUrl;
    expect(publicLink).toMatch(/\/files\/slides\/\d+\?v=[\w-]+$/);
    expect((await app.client().get(publicLink)).status).toBe(200);

    expectError(
      await send('POST', `${G}/slides`, data('Sixth'), [['image', 'photo.jpg', PICTURE]]),
      409,
      'conflict',
      'slides.too_many',
    );
    // Back to the demo's slides for the other tests.
    for (const slide of added) expect((await manager.request('DELETE', `${G}/slides/${slide.id}`)).status).toBe(200);
    expect((await list()).map((slide) => slide.order)).toEqual(before.map((_, index) => index + 1));
  });

  it('applies the rules: both captions up to 100, a picture of the spec’s types, every refusal at once', async () => {
    expectError(
      await send('POST', `${G}/slides`, { captionEn: '', captionAr: 'ع'.repeat(101), color: 'red' }),
      400,
      'validation',
      'errors.validation',
      {
        CaptionEn: ['validation.required'],
        CaptionAr: ['slides.caption_max'],
        Color: ['slides.color_invalid'],
        Image: ['slides.image_required'],
      },
    );
    const wrong = await send('POST', `${G}/slides`, data('Bad'), [['image', 'photo.jpg', EXE]]);
    expect(wrong.status).toBe(415);
    const svg = await send('POST', `${G}/slides`, data('Svg'), [['image', 'a.svg', Buffer.from('<svg/>')]]);
    expect(svg.status).toBe(415);
    // A BMP is one of the spec's types (nothing in it to clean).
    const bmp = await send('POST', `${G}/slides`, data('Bitmap'), [['image', 'plain.bmp', BMP]]);
    expect(bmp.status).toBe(201);
    await manager.request('DELETE', `${G}/slides/${bmp.body.id}`);
  });

  it('edits a slide with or without a new picture, moves it, and the switch hides and shows them all', async () => {
    const [first, second] = await list();
    const kept = await send('PUT', `${G}/slides/${first!.id}`, data('Renamed', { enabled: true }));
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ captionEn: 'Renamed', imageUrl: first!.imageUrl });
    const replaced = await send('PUT', `${G}/slides/${first!.id}`, data('Renamed'), [['image', 'new.jpg', PICTURE]]);
    expect(replaced.body.imageUrl).not.toBe(first!.imageUrl);

    const moved = await manager.put(`${G}/slides/order`, {
      ids: [second!.id, first!.id, ...(await list()).slice(2).map((s) => s.id)],
    });
    expect((moved.body.items as Slide[]).slice(0, 2).map((slide) => slide.id)).toEqual([second!.id, first!.id]);
    expectError(await manager.put(`${G}/slides/order`, { ids: [first!.id] }), 400, 'validation', 'errors.validation', {
      Ids: ['slides.order_ids'],
    });

    expect((await manager.put(`${G}/slides/state`, { enabled: false })).body.messageKey).toBe('slides.switched_off');
    expect(await home()).toEqual([]);
    expect((await list()).every((slide) => !slide.enabled)).toBe(true);
    // A hidden slide's picture: on the screen, not on the public site.
    const hidden = (await list())[0]!;
    expect((await manager.get(hidden.imageUrl)).status).toBe(200);
    expect((await app.client().get(`${G}/files/slides/${hidden.id}`)).status).toBe(404);
    expect((await manager.put(`${G}/slides/state`, { enabled: true })).body.messageKey).toBe('slides.switched_on');
    expect((await home()).length).toBe((await list()).length);
    expectError(await send('PUT', `${G}/slides/999999`, data('Ghost')), 404, 'notFound', 'slides.not_found');
  });

  it('is closed to reviewers and other journals’ managers', async () => {
    const reviewer = await app.signedIn('reviewer@general.test');
    expectError(await reviewer.get(`${G}/slides`), 403, 'forbidden', 'errors.forbidden');
    const [slide] = await list();
    expectError(await reviewer.get(slide!.imageUrl), 403, 'forbidden', 'errors.forbidden');
    const ethics = app.client();
    await ethics.login('editor@ethics.test', undefined, 'ethics');
    expectError(await ethics.put(`${G}/slides/state`, { enabled: false }), 403, 'forbidden', 'errors.forbidden');
  });
});
