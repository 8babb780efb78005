import type { TestApp } from '../../../../test-support/test-app';

/**
 * Closes a test app that served a real collector over HTTP. Known leak (reported): after such a run a pool client
 * can stay checked out, so db.destroy() would wait forever; then the test database is left behind (and said so)
 * instead of hanging the suite's teardown.
 */
export async function closeServedTestApp(testApp: TestApp | undefined, log: (line: string) => void = console.warn): Promise<void> {
  if (!testApp) return;
  await testApp.app.close();
  const dropped = await Promise.race([testApp.database.drop().then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000).unref())]);
  if (!dropped) log(`test database ${testApp.database.url} not dropped: a pool client is still checked out`);
}
