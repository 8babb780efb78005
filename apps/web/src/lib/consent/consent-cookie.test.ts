import { describe, expect, it } from 'vitest';
import { consentConfig, consentTranslationDe } from './consent-config';
import { consentCookieSecure, isValidConsentCookie, readConsentCookie } from './consent-cookie';

const valid = {
  categories: ['necessary', 'analytics'],
  services: { necessary: [], analytics: [] },
  revision: 1,
  data: null,
  consentTimestamp: '2026-05-01T10:00:00.000Z',
  lastConsentTimestamp: '2026-05-01T10:00:00.000Z',
  consentId: '3f2b8c1e-7d4a-4e8b-9c2d-1a2b3c4d5e6f',
  languageCode: 'de',
  expirationTime: 1_800_000_000_000,
};

describe('consent cookie (SPEC §5)', () => {
  it('accepts a complete cookie of revision 1', () => {
    expect(isValidConsentCookie(valid)).toBe(true);
  });

  it.each([
    ['consentId', { ...valid, consentId: '' }],
    ['consentTimestamp', { ...valid, consentTimestamp: undefined }],
    ['lastConsentTimestamp', { ...valid, lastConsentTimestamp: 'gestern' }],
    ['categories', { ...valid, categories: undefined }],
    ['revision', { ...valid, revision: 2 }],
  ])('rejects a cookie with a bad %s', (_field, cookie) => {
    expect(isValidConsentCookie(cookie)).toBe(false);
  });

  it('reads the encoded value from document.cookie', () => {
    const header = `a=1; cc_cookie=${encodeURIComponent(JSON.stringify(valid))}; b=2`;
    expect(readConsentCookie(header)).toEqual(valid);
    expect(readConsentCookie('a=1')).toBeNull();
    expect(readConsentCookie('cc_cookie=%7Bkaputt')).toBeUndefined();
  });

  it('configures 182 days, path /, Lax, revision 1, German from the browser and Secure on https', () => {
    const config = consentConfig({}, 'https:');
    expect(config.cookie).toEqual({ name: 'cc_cookie', path: '/', sameSite: 'Lax', secure: true, expiresAfterDays: 182 });
    expect(config.revision).toBe(1);
    expect(config.language).toMatchObject({ default: 'de', autoDetect: 'browser' });
    expect(config.categories.necessary).toEqual({ enabled: true, readOnly: true });
    expect(Object.keys(config.categories)).toEqual(['necessary', 'functionality', 'analytics']);
    expect(consentCookieSecure('http:')).toBe(false);
  });

  it('uses the SPEC §2 texts', () => {
    expect(consentTranslationDe.consentModal).toMatchObject({
      title: 'Hinweis zu Cookies und Diensten',
      acceptAllBtn: 'Alle akzeptieren',
      acceptNecessaryBtn: 'Alle ablehnen',
      showPreferencesBtn: 'Einstellungen verwalten',
    });
    expect(consentTranslationDe.preferencesModal).toMatchObject({
      title: 'Präferenzen für die Zustimmung',
      acceptAllBtn: 'Alle akzeptieren',
      acceptNecessaryBtn: 'Alle ablehnen',
      savePreferencesBtn: 'Einstellungen speichern',
    });
    const sections = consentTranslationDe.preferencesModal.sections;
    expect(sections.find((s) => s.linkedCategory === 'necessary')?.title).toContain('Immer Aktiviert');
    expect(sections.find((s) => s.linkedCategory === 'analytics')?.title).toBe('Statistik');
  });
});
