import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { issueCollectorKey } from '../../../server/src/collector/collector-keys';
import { IOE_EVALUATION_JOB } from '../../../server/src/ioe/evaluation-jobs';
import type { IoeStatesResponse } from '../../../server/src/ioe/ioe-states';
import { waitForJobs } from '../../../../test-support/jobs';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { runCycle } from '../collection-cycle';
import type { CollectorConfig } from '../config';
import type { ApiClient } from '../upload/api-client';
import { closeServedTestApp } from './close-test-app';
import { labCollector } from './lab-collector';

/**
 * The common set-up of the Samba suites that collect a real DC into a real server: a fresh lab DC, a test server
 * listening on a port (the collector talks HTTP to it), a provider with one client and a collector key, and the
 * collector's config for the lab. The suite's own seeding and assertions stay in the suite.
 */
export interface SambaSuite {
  lab: L.Lab;
  testApp: TestApp;
  /** The collector's working directory (state, spool). */
  work: string;
  clientId: string;
  providerId: string;
  config: CollectorConfig;
  api: ApiClient;
  /** A full (or incremental) collection uploaded to the server; waits for the IoE evaluation it queued. */
  collect(options?: { full?: boolean }): Promise<void>;
  /** GET below /client/:id as the client's provider. */
  get<T>(url: string): Promise<{ status: number; body: T }>;
  states(): Promise<IoeStatesResponse>;
  /** The findings of one check, with the affected objects' names sorted. */
  findings(slug: string): Promise<{ findings: SuiteFinding[]; ioe: { skippedReason: string | null }; names: string[] }>;
}

export interface SuiteFinding {
  objectName: string;
  objectType: string;
  evidence: string;
}

export interface SambaSuiteOptions {
  /** The suite's own loopback address; SAMBA_SUITE_IP overrides it (test-support/samba-ad/README.md). */
  ip: string;
  /** The test server's port; SAMBA_SUITE_PORT overrides it. */
  port: number;
  /** Temp dir prefix of the lab, e.g. 'samba-issue-16-adcs-'. */
  prefix: string;
  clientName: string;
  machineCode: string;
}

export async function startSambaSuite(requested: SambaSuiteOptions): Promise<SambaSuite> {
  const { SAMBA_SUITE_IP, SAMBA_SUITE_PORT } = process.env;
  const options = { ...requested, ip: SAMBA_SUITE_IP || requested.ip, port: SAMBA_SUITE_PORT ? Number(SAMBA_SUITE_PORT) : requested.port };
  const lab = await L.startLab(options.ip, options.prefix);
  let testApp: TestApp | undefined;
  const work = await mkdtemp(path.join(tmpdir(), `${options.prefix}collector-`));
  try {
    testApp = await createTestApp();
    return await connect(lab, testApp, work, options);
  } catch (error) {
    await stopParts(lab, testApp, work);
    throw error;
  }
}

async function connect(lab: L.Lab, testApp: TestApp, work: string, options: SambaSuiteOptions): Promise<SambaSuite> {
  await testApp.app.listen({ port: options.port, host: '127.0.0.1' });
  const { clientId, providerId } = await insertProviderWithClient(testApp.services.db, { name: options.clientName });
  const apiKey = (await issueCollectorKey(testApp.services.db, clientId)).key;
  const { config, api } = await labCollector(lab, { port: options.port, clientId, apiKey, work, machineCode: options.machineCode });
  const get = async <T>(url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/client/${clientId}${url}`, headers: await testApp.headersFor('serviceprovider', providerId) });
    return { status: response.statusCode, body: response.json() as T };
  };
  return {
    lab,
    testApp,
    work,
    clientId,
    providerId,
    config,
    api,
    async collect({ full = true } = {}) {
      const result = await runCycle(config, api, { full });
      expect(result.upload).toMatchObject({ rejected: 0 });
      await waitForJobs(testApp.services.db, [IOE_EVALUATION_JOB]);
    },
    get,
    async states() {
      return (await get<IoeStatesResponse>('/ioe/states')).body;
    },
    async findings(slug) {
      const { status, body } = await get<{ findings: SuiteFinding[]; ioe: { skippedReason: string | null } }>(`/ioe/findings/${slug}`);
      expect(status, slug).toBe(200);
      return { ...body, names: body.findings.map((finding) => finding.objectName).sort() };
    },
  };
}

/** Stops the server, the DC and removes their directories. */
export async function stopSambaSuite(suite: SambaSuite | undefined): Promise<void> {
  if (suite) await stopParts(suite.lab, suite.testApp, suite.work);
}

async function stopParts(lab: L.Lab, testApp: TestApp | undefined, work: string): Promise<void> {
  await closeServedTestApp(testApp);
  await L.stopLab(lab);
  await rm(lab.dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
}
