import type { SecretBox } from '../crypto/secret-box';
import type { Db } from '../db/database';
import { createClientCertificate } from './entra-certificate';
import type { EntraCredentials } from './entra-token';
import type { EntraConnection } from '@burgwall/shared';

/** What GET /client/{id}/entra/data shows: never the password or the key. */

export async function loadEntraConnection(db: Db, clientId: string): Promise<EntraConnection> {
  const row = await db.selectFrom('client_entra').selectAll().where('client_fk', '=', clientId).executeTakeFirst();
  const configured = Boolean(row?.application_id && row.tenant_id);
  return {
    applicationId: row?.application_id ?? null,
    tenantId: row?.tenant_id ?? null,
    status: configured && row ? row.status : 'unconfigured',
    statusMessage: row?.status_message ?? null,
    validatedAt: row?.validated_at?.toISOString() ?? null,
    certPasswordSet: Boolean(row?.cert_password_sealed),
    certificateCreated: Boolean(row?.certificate_pem),
    collection: row?.collected_at && row.collection_status ? { at: row.collected_at.toISOString(), status: row.collection_status, message: row.collection_message } : null,
  };
}

export async function saveEntraData(db: Db, secrets: SecretBox, clientId: string, data: { applicationId: string; tenantId: string; certPassword: string }): Promise<void> {
  const values = {
    application_id: data.applicationId.toLowerCase(),
    tenant_id: data.tenantId.toLowerCase(),
    cert_password_sealed: secrets.seal(data.certPassword),
    // New ids need a new check.
    status: 'unvalidated' as const,
    status_message: null,
    validated_at: null,
    updated_at: new Date(),
  };
  await db
    .insertInto('client_entra')
    .values({ client_fk: clientId, ...values })
    .onConflict((conflict) => conflict.column('client_fk').doUpdateSet(values))
    .execute();
}

/** The client's certificate, created on first use; concurrent first calls keep the first one stored. */
export async function ensureCertificate(db: Db, secrets: SecretBox, clientId: string): Promise<string> {
  const existing = await db.selectFrom('client_entra').select('certificate_pem').where('client_fk', '=', clientId).executeTakeFirst();
  if (existing?.certificate_pem) return existing.certificate_pem;
  const created = createClientCertificate(clientId);
  await db.insertInto('client_entra').values({ client_fk: clientId }).onConflict((conflict) => conflict.column('client_fk').doNothing()).execute();
  await db
    .updateTable('client_entra')
    .set({ certificate_pem: created.certificatePem, private_key_sealed: secrets.seal(created.privateKeyPem), updated_at: new Date() })
    .where('client_fk', '=', clientId)
    .where('certificate_pem', 'is', null)
    .execute();
  const stored = await db.selectFrom('client_entra').select('certificate_pem').where('client_fk', '=', clientId).executeTakeFirstOrThrow();
  return stored.certificate_pem ?? created.certificatePem;
}

/** Credentials for a token request, or a German reason why the connection is not usable yet. */
export async function loadCredentials(db: Db, secrets: SecretBox, clientId: string): Promise<{ ok: true; credentials: EntraCredentials } | { ok: false; message: string }> {
  const row = await db.selectFrom('client_entra').selectAll().where('client_fk', '=', clientId).executeTakeFirst();
  if (!row?.application_id || !row.tenant_id) return { ok: false, message: 'Die Entra-ID-Verbindung ist noch nicht eingerichtet: Anwendungs-ID und Mandanten-ID fehlen.' };
  if (!row.certificate_pem || !row.private_key_sealed) {
    return { ok: false, message: 'Es wurde noch kein Zertifikat erstellt. Laden Sie das öffentliche Zertifikat herunter und hinterlegen Sie es in der App-Registrierung.' };
  }
  return {
    ok: true,
    credentials: { applicationId: row.application_id, tenantId: row.tenant_id, certificatePem: row.certificate_pem, privateKeyPem: secrets.open(row.private_key_sealed) },
  };
}

export async function recordValidation(db: Db, clientId: string, status: 'valid' | 'invalid', message: string): Promise<void> {
  await db.updateTable('client_entra').set({ status, status_message: message, validated_at: new Date() }).where('client_fk', '=', clientId).execute();
}

/** Whether the client's Entra connection was validated (and so is collected). */
export async function hasValidEntraConnection(db: Db, clientId: string): Promise<boolean> {
  const row = await db.selectFrom('client_entra').select('status').where('client_fk', '=', clientId).executeTakeFirst();
  return row?.status === 'valid';
}
