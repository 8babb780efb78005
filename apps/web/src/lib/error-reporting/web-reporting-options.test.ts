import { describe, expect, it } from 'vitest';
import { REPLAY_OPTIONS, webReportingOptions } from './web-reporting-options';

const base = { dsn: 'https://key@errors.example/1', environment: 'prod', release: 'r1' };

describe('web error-reporting options', () => {
  it('samples session and error replay at 1.0 with consent', () => {
    expect(webReportingOptions({ ...base, consent: true })).toMatchObject({ replaysSessionSampleRate: 1, replaysOnErrorSampleRate: 1 });
  });

  it('turns session replay off without consent but keeps replay on error', () => {
    expect(webReportingOptions({ ...base, consent: false })).toMatchObject({ replaysSessionSampleRate: 0, replaysOnErrorSampleRate: 1 });
  });

  it('applies the SPEC §9 limits and the noise filter', () => {
    const options = webReportingOptions({ ...base, consent: false });
    expect(options).toMatchObject({ maxBreadcrumbs: 100, transportOptions: { bufferSize: 64 }, _flushInterval: 5000 });
    expect(REPLAY_OPTIONS).toMatchObject({ mutationBreadcrumbLimit: 750, mutationLimit: 10000, slowClickTimeout: 7000 });
    expect(options.beforeSend({ message: 'Script error.' })).toBeNull();
    const real = { message: 'TypeError: x is undefined' };
    expect(options.beforeSend(real)).toBe(real);
    expect(options.beforeSend({ ...real })).toBeNull();
  });
});
