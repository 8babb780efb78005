import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../test-support/test-app';

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
    [{ consentId: 'nope', acceptType: 'all', acceptedCategories: ['necessary'], rejectedCategories: [] }, 'consentId'],
    [{ consentId, acceptType: 'everything', acceptedCategories: ['necessary'], rejectedCategories: [] }, 'acceptType'],
    [{ consentId, acceptType: 'all', acceptedCategories: ['necessary', 'marketing'], rejectedCategories: [] }, 'acceptedCategories'],
    [{ consentId, acceptType: 'necessary', acceptedCategories: [], rejectedCategories: ['analytics'] }, 'necessary is read-only'],
    [{ consentId, acceptType: 'custom', acceptedCategories: ['necessary', 'analytics'], rejectedCategories: ['analytics'] }, 'accepted and rejected'],
  ])('rejects an invalid record (%#)', async (payload, problem) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(problem);
  });
});
