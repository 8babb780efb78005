import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/principal';
import { requireClientAccess } from '../auth/tenant-access';
import { sendZodError } from '../http/zod-reply';
import type { Services } from '../services';
import { entraDataBody } from './entra-schemas';
import { ensureCertificate, loadEntraConnection, loadCredentials, recordValidation, saveEntraData } from './entra-store';
import { fetchGraphToken } from './entra-token';

/** Cloud identity connection of a client (SPEC §7 "Contact and cloud identity"), each route tenant-scoped. */
export function registerEntraRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens, secrets, config } = services;
  const clientScope = [authenticate(tokens), requireClientAccess(db)];
  const clientIdOf = (params: unknown) => (params as { clientUUID: string }).clientUUID;

  app.get('/client/:clientUUID/entra/data', { onRequest: clientScope }, async (request) => loadEntraConnection(db, clientIdOf(request.params)));

  app.post('/client/:clientUUID/entra/data', { onRequest: clientScope }, async (request, reply) => {
    const parsed = entraDataBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const clientId = clientIdOf(request.params);
    await saveEntraData(db, secrets, clientId, parsed.data);
    return { message: 'Entra-ID-Verbindung gespeichert', data: await loadEntraConnection(db, clientId) };
  });

  app.get('/client/:clientUUID/entra/certificate/public', { onRequest: clientScope }, async (request, reply) => {
    const clientId = clientIdOf(request.params);
    const pem = await ensureCertificate(db, secrets, clientId);
    return reply
      .header('content-type', 'application/x-x509-ca-cert')
      .header('content-disposition', `attachment; filename="burgwall-entra-${clientId}.cer"`)
      .send(pem);
  });

  app.get('/client/:clientUUID/entra/validate', { onRequest: clientScope }, async (request) => {
    const clientId = clientIdOf(request.params);
    const loaded = await loadCredentials(db, secrets, clientId);
    if (!loaded.ok) return { status: 'invalid', message: loaded.message };
    const token = await fetchGraphToken(loaded.credentials, config.ENTRA_AUTHORITY_URL, config.GRAPH_BASE_URL);
    const result = token.ok
      ? { status: 'valid' as const, message: 'Die Verbindung zu Entra ID funktioniert: Burgwall hat ein Zugriffstoken erhalten.' }
      : { status: 'invalid' as const, message: token.message };
    await recordValidation(db, clientId, result.status, result.message);
    return result;
  });
}
