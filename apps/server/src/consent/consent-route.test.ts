import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const consentId = '3f2b8c1e-7d4a-4e8b-9c2d-1a2b3c4d5e6f';
const post = (payload: unknown) => test.app.inject({ method: 'POST', url: '/your-endpoint-url', payload: payload as object });

describe('POST /your-endpoint-url', () => {
  it('stores every consent change', async () => {
    const first = await post({ consentId, acceptType: 'necessary', acceptedCategories: ['necessary'], rejectedCategories: ['functionality', 'analytics'] });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Die Einwilligung wurde protokolliert.' });
    const second = await post({ consentId, acceptType: 'custom', acceptedCategories: ['necessary', 'analytics'], rejectedCategories: ['functionality'] });
    expect(second.statusCode).toBe(201);
    const rows = await test.database.db
      .selectFrom('consent_record')
      .select(['accept_type', 'accepted_categories', 'rejected_categories'])
      .where('consent_id', '=', consentId)
      .orderBy('consent_record_id_pk')
      .execute();
    expect(rows).toEqual([
      { accept_type: 'necessary', accepted_categories: ['necessary'], rejected_categories: ['functionality', 'analytics'] },
      { accept_type: 'custom', accepted_categories: ['necessary', 'analytics'], rejected_categories: ['functionality'] },
    ]);
  });

  it.each([
    [{ consentId: 'nope', acceptType: 'all', acceptedCategories: ['necessary'], rejectedCategories: [] }, 'body.consentId', 'Die Einwilligungs-ID muss eine gültige UUID sein.'],
    [{ consentId, acceptType: 'everything', acceptedCategories: ['necessary'], rejectedCategories: [] }, 'body.acceptType', 'Die Art der Zustimmung muss einer dieser Werte sein: „all“, „necessary“, „custom“.'],
    [{ consentId, acceptType: 'all', acceptedCategories: ['necessary', 'marketing'], rejectedCategories: [] }, 'body.acceptedCategories.1', 'Die Liste der akzeptierten Kategorien muss einer dieser Werte sein'],
    [{ consentId, acceptType: 'necessary', acceptedCategories: [], rejectedCategories: ['analytics'] }, 'body.acceptedCategories', 'Die notwendigen Cookies („necessary“) sind immer akzeptiert'],
    [{ consentId, acceptType: 'custom', acceptedCategories: ['necessary', 'analytics'], rejectedCategories: ['analytics'] }, 'body.rejectedCategories', 'Eine Kategorie kann nicht zugleich akzeptiert und abgelehnt werden.'],
  ])('rejects an invalid record with a German problem (%#)', async (payload, path, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = response.json();
    expect(problem.errors).toEqual([expect.objectContaining({ path })]);
    expect(problem.errors[0].message).toContain(message);
    expect(problem.detail).toContain(message);
  });

  it('refuses unknown fields', async () => {
    const response = await post({ consentId, acceptType: 'all', acceptedCategories: ['necessary'], rejectedCategories: [], extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Das Feld „extra“ ist hier nicht erlaubt.');
  });
});
