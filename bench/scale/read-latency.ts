/**
 * The explorer and finding-page reads of bench/scale on the evaluated domain, through the running server: each query
 * asked REQUESTS times one after another (after WARM_UP unmeasured ones), p50/p99/max of the answer times. Issue 15's
 * goal: p99 < 100 ms on the 1M-object domain.
 */

const WARM_UP = 5;
const REQUESTS = 100;

export interface ReadLatency {
  query: string;
  p50: number;
  p99: number;
  max: number;
  /** What the answer held (objects or findings of the page, and the total), to see the query did real work. */
  answered: string;
}

const EXPLORER_QUERY = `query ($id: ID!, $kind: ExplorerObjectKind!, $search: String, $first: Int, $offset: Int) {
  explorer(clientId: $id, kind: $kind, search: $search, first: $first, offset: $offset) { total totalCapped objects { objectGuid name } }
}`;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function measure(query: string, ask: () => Promise<string>): Promise<ReadLatency> {
  for (let i = 0; i < WARM_UP; i++) await ask();
  const times: number[] = [];
  let answered = '';
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    answered = await ask();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { query, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), max: round(times.at(-1) as number), answered };
}

async function answer<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Explorer pages (first, middle, last, a search) and the finding pages of the check with the most findings. */
export async function readLatencies(base: string, clientId: string, headers: Record<string, string>): Promise<ReadLatency[]> {
  const explorer = async (variables: Record<string, unknown>) => {
    const body = await answer<{ data?: { explorer: { total: number; totalCapped: boolean; objects: unknown[] } }; errors?: unknown[] }>(
      await fetch(`${base}/v1/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: EXPLORER_QUERY, variables: { id: clientId, ...variables } }) }),
    );
    if (!body.data) throw new Error(`explorer: ${JSON.stringify(body.errors)}`);
    const page = body.data.explorer;
    return `${page.objects.length} von ${page.total}${page.totalCapped ? '+' : ''}`;
  };
  const states = await answer<{ ioe: { ioeType: string; totalFindingsCount: number }[] }>(await fetch(`${base}/client/${clientId}/ioe/states`, { headers }));
  const largest = [...states.ioe].sort((a, b) => b.totalFindingsCount - a.totalFindingsCount)[0];
  if (!largest) throw new Error('ioe/states: no checks');
  const users = Number.parseInt((await explorer({ kind: 'user', first: 1 })).split(' von ')[1] as string, 10);
  const findings = (offset: number) => async () => {
    const page = await answer<{ total: number; findings: unknown[] }>(await fetch(`${base}/client/${clientId}/ioe/findings/${largest.ioeType}?limit=50&offset=${offset}`, { headers }));
    return `${page.findings.length} von ${page.total}`;
  };
  return [
    await measure('Explorer: Benutzer, erste Seite (50)', () => explorer({ kind: 'user', first: 50 })),
    await measure('Explorer: Benutzer, Seite in der Mitte', () => explorer({ kind: 'user', first: 50, offset: Math.floor(users / 2) })),
    await measure('Explorer: Benutzer, letzte Seite', () => explorer({ kind: 'user', first: 50, offset: Math.max(0, users - 50) })),
    await measure('Explorer: Suche „user1234“', () => explorer({ kind: 'user', search: 'user1234', first: 50 })),
    await measure('Explorer: Gruppen, erste Seite', () => explorer({ kind: 'group', first: 50 })),
    await measure(`Befundseite ${largest.ioeType}: erste Seite (50)`, findings(0)),
    await measure(`Befundseite ${largest.ioeType}: Seite in der Mitte`, findings(Math.floor(largest.totalFindingsCount / 2))),
  ];
}
