import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';

const TOKEN = 'public-test-token';
const PREVIEW = 'preview-test-token-123456';

/** A content folder with enough stories to page and to exceed 50 relations. */
function contentFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'burgwall-content-'));
  const stories = path.join(dir, 'stories');
  mkdirSync(stories);
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const base = { created_at: '2026-01-01T00:00:00Z', published_at: '2026-01-01T00:00:00Z' };
  for (let n = 1; n <= 60; n++) {
    writeFileSync(
      path.join(stories, `tip-${n}.json`),
      JSON.stringify({ ...base, id: n, uuid: uuid(n), name: `Tipp ${n}`, full_slug: `tipps/tipp-${n}`, position: n,
        content: { component: 'tip', _uid: `t${n}`, text: `Text ${n}`, secret_note: 'intern' } }),
    );
  }
  writeFileSync(
    path.join(stories, 'home.json'),
    JSON.stringify({ ...base, id: 100, uuid: uuid(100), name: 'Start', full_slug: 'home',
      content: { component: 'page', _uid: 'p', body: [
        { component: 'featured', _uid: 'f', tips: [uuid(1), uuid(2)], more: { fieldtype: 'multilink', linktype: 'story', id: uuid(3) } },
        { component: 'all_tips', _uid: 'a', tips: Array.from({ length: 60 }, (_, i) => uuid(i + 1)) },
      ] } }),
  );
  writeFileSync(
    path.join(stories, 'entwurf.json'),
    JSON.stringify({ id: 200, uuid: uuid(200), name: 'Entwurf', full_slug: 'entwurf', created_at: base.created_at,
      content: { component: 'page', _uid: 'e', body: [] } }),
  );
  return dir;
}

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ CONTENT_DIR: contentFixture(), CONTENT_PUBLIC_TOKEN: TOKEN, CONTENT_PREVIEW_TOKEN: PREVIEW });
});
afterAll(() => test.close());

const get = (url: string) => test.app.inject({ method: 'GET', url: `/content/v2/cdn/${url}` });

describe('content API (Storyblok CDN compatible)', () => {
  it('refuses a missing or wrong token and a draft read with the public token', async () => {
    expect((await get('stories/home')).statusCode).toBe(401);
    const wrong = await get('stories/home?token=nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
    // Problem details, plus `error` with the same German text: the Storyblok client shows the `error` field.
    expect(wrong.json()).toMatchObject({
      status: 401,
      detail: 'Das Zugriffstoken für die Inhalte fehlt oder ist ungültig.',
      error: 'Das Zugriffstoken für die Inhalte fehlt oder ist ungültig.',
    });
    const draft = await get(`stories/entwurf?token=${TOKEN}&version=draft`);
    expect(draft.statusCode).toBe(401);
    expect(draft.json().error).toBe('Entwürfe können nur mit dem Vorschau-Token gelesen werden.');
  });

  it('returns one story by slug with cv; drafts only in version=draft with the preview token', async () => {
    const response = await get(`stories/home?token=${TOKEN}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.story).toMatchObject({ full_slug: 'home', slug: 'home', content: { component: 'page' } });
    expect(typeof body.cv).toBe('number');
    const missing = await get(`stories/entwurf?token=${TOKEN}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, detail: 'Der Inhalt wurde nicht gefunden.', error: 'Der Inhalt wurde nicht gefunden.' });
    const draft = await get(`stories/entwurf?token=${PREVIEW}&version=draft`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().story.published_at).toBeNull();
  });

  it('pages lists with per_page (default 25) and the per-page and total headers', async () => {
    const first = await get(`stories?token=${TOKEN}&starts_with=tipps/`);
    expect(first.headers['per-page']).toBe('25');
    expect(first.headers.total).toBe('60');
    expect(first.json().stories).toHaveLength(25);
    const last = await get(`stories?token=${TOKEN}&starts_with=tipps/&per_page=25&page=3`);
    expect(last.json().stories.map((s: { slug: string }) => s.slug)).toEqual(
      Array.from({ length: 10 }, (_, i) => `tipp-${51 + i}`),
    );
  });

  it('filters by_uuids and removes excluding_fields from the content', async () => {
    const uuids = ['00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000005'];
    const response = await get(`stories?token=${TOKEN}&by_uuids=${uuids.join(',')}&excluding_fields=secret_note`);
    const stories = response.json().stories;
    expect(stories.map((s: { uuid: string }) => s.uuid)).toEqual(uuids);
    expect(stories[0].content).toEqual({ component: 'tip', _uid: 't4', text: 'Text 4' });
  });

  it('embeds up to 50 relations as rels and links, beyond 50 only the uuids', async () => {
    const few = (await get(`stories/home?token=${TOKEN}&resolve_relations=featured.tips&resolve_links=url`)).json();
    expect(few.rels.map((s: { slug: string }) => s.slug)).toEqual(['tipp-1', 'tipp-2']);
    expect(few.links.map((s: { slug: string }) => s.slug)).toEqual(['tipp-3']);
    const many = (await get(`stories/home?token=${TOKEN}&resolve_relations=all_tips.tips`)).json();
    expect(many.rels).toBeUndefined();
    expect(many.rel_uuids).toHaveLength(60);
  });

  it('answers invalid query values with German field errors', async () => {
    const response = await get(`stories?token=${TOKEN}&per_page=500`);
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem.errors).toEqual([{ path: 'query.per_page', message: 'Die Seitengröße (per_page) darf höchstens 100 sein.' }]);
    expect(problem.error).toBe('Die Seitengröße (per_page) darf höchstens 100 sein.');
  });

  it('serves the repository stories (German landing, privacy and imprint pages)', async () => {
    const repo = await createTestApp();
    try {
      const token = repo.services.config.CONTENT_PUBLIC_TOKEN;
      for (const slug of ['home', 'datenschutz', 'impressum', 'findings/count-domain-admins']) {
        const response = await repo.app.inject({ method: 'GET', url: `/content/v2/cdn/stories/${slug}?token=${token}` });
        expect(response.statusCode, slug).toBe(200);
      }
    } finally {
      await repo.close();
    }
  });
});
