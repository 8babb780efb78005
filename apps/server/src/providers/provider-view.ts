import type { Db } from '../db/database';

/** SPEC §3 service-provider API shape. */
export async function loadProviderView(db: Db, providerId: string) {
  const row = await db.selectFrom('serviceprovider').selectAll().where('serviceprovider_id_pk', '=', providerId).executeTakeFirst();
  if (!row) return undefined;
  const { count } = await db.selectFrom('client').select((eb) => eb.fn.countAll<string>().as('count')).where('serviceprovider_fk', '=', providerId).executeTakeFirstOrThrow();
  const email = await db.selectFrom('serviceprovider_email_settings').select('enabled').where('serviceprovider_fk', '=', providerId).executeTakeFirst();
  return {
    serviceproviderId: row.serviceprovider_id_pk,
    serviceproviderName: row.serviceprovider_name,
    serviceproviderAddress: row.serviceprovider_address,
    whitelabel: {
      companyName: row.whitelabel_company_name,
      email: row.whitelabel_email,
      phone: row.whitelabel_phone,
      hasLogo: row.whitelabel_logo !== null,
      isActive: row.whitelabel_is_active,
    },
    quickcheck: { origin: row.quickcheck_origin, privacy: row.quickcheck_privacy },
    customEmail: { enabled: email?.enabled ?? false },
    clientCount: Number(count),
    license: { subscriptionStatus: row.subscription_status, freeSeats: row.free_seats, mode: row.license_mode },
    reseller: { isCreatedByReseller: row.is_created_by_reseller, id: row.reseller_fk, resellerInvoiced: row.reseller_invoiced },
  };
}
