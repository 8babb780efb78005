import { describe, expect, it } from 'vitest';
import {
  capSpans,
  createEventFilter,
  isErrorReportingEnabled,
  isInternalUser,
  replaySampleRates,
  reportingIdentity,
} from './error-reporting';

const error = (value: string, lineno = 1) => ({
  exception: { values: [{ type: 'Error', value, stacktrace: { frames: [{ filename: 'app.js', function: 'f', lineno }] } }] },
});

describe('error reporting switch', () => {
  it('is off without a DSN, in dev and for internal users', () => {
    expect(isErrorReportingEnabled({ dsn: undefined, environment: 'prod' })).toBe(false);
    expect(isErrorReportingEnabled({ dsn: 'https://k@o.example/1', environment: 'dev' })).toBe(false);
    expect(isErrorReportingEnabled({ dsn: 'https://k@o.example/1', environment: 'prod', userEmail: 'Anna@Burgwall.de' })).toBe(false);
    expect(isErrorReportingEnabled({ dsn: 'https://k@o.example/1', environment: 'prod', userEmail: 'it@kunde.de' })).toBe(true);
    expect(isErrorReportingEnabled({ dsn: 'https://k@o.example/1', environment: 'next' })).toBe(true);
  });

  it('treats only the listed domains (and their subdomains) as internal', () => {
    expect(isInternalUser('a@team.burgwall.de')).toBe(true);
    expect(isInternalUser('a@notburgwall.de')).toBe(false);
    expect(isInternalUser(null)).toBe(false);
    expect(isInternalUser('a@x.test', ['x.test'])).toBe(true);
  });

  it('samples replays by consent', () => {
    expect(replaySampleRates(true)).toEqual({ replaysSessionSampleRate: 1, replaysOnErrorSampleRate: 1 });
    expect(replaySampleRates(false)).toEqual({ replaysSessionSampleRate: 0, replaysOnErrorSampleRate: 1 });
  });

  it('uses user id and e-mail or placeholders', () => {
    expect(reportingIdentity({ id: 'u1', email: 'a@b.de' })).toEqual({ id: 'u1', email: 'a@b.de' });
    expect(reportingIdentity(null)).toEqual({ id: 'anonymous', email: 'anonymous@unknown' });
  });
});

describe('beforeSend filter', () => {
  it('drops known noise and passes real errors', () => {
    const filter = createEventFilter();
    expect(filter(error('ResizeObserver loop limit exceeded'))).toBeNull();
    expect(filter({ message: 'Script error.' })).toBeNull();
    expect(filter(error('Failed to fetch dynamically imported module: /assets/x.js'))).toBeNull();
    const extension = {
      exception: { values: [{ value: 'boom', stacktrace: { frames: [{ filename: 'chrome-extension://abc/x.js' }] } }] },
    };
    expect(filter(extension)).toBeNull();
    const real = error('Cannot read properties of undefined');
    expect(filter(real)).toBe(real);
  });

  it('drops a duplicate within the window and lets it through again afterwards', () => {
    let now = 0;
    const filter = createEventFilter({ duplicateWindowMs: 1000, now: () => now });
    expect(filter(error('x'))).not.toBeNull();
    now = 500;
    expect(filter(error('x'))).toBeNull();
    expect(filter(error('x', 2))).not.toBeNull();
    now = 1600;
    expect(filter(error('x'))).not.toBeNull();
  });

  it('throttles to 300 events per 5 seconds', () => {
    let now = 0;
    const filter = createEventFilter({ now: () => now });
    let passed = 0;
    for (let index = 0; index < 400; index++) if (filter(error(`e${index}`))) passed++;
    expect(passed).toBe(300);
    now = 5001;
    expect(filter(error('later'))).not.toBeNull();
  });

  it('caps transactions at 1000 spans', () => {
    expect(capSpans({ spans: new Array(1500).fill({}) }).spans).toHaveLength(1000);
    expect(capSpans({ spans: [1, 2] }).spans).toHaveLength(2);
  });
});
