/** Waits until `url` answers 2xx (a server child process starting), at most three minutes. */
export async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!(await fetch(url).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
