import type { TeamMember } from '@burgwall/shared';
import type { AppEnv } from '../config';
import type { Db } from '../db/database';
import { badRequest, conflict, notFound } from '../http/problem';
import { escapeHtml, fillTemplate, type Mailer, MailError } from '../mail/mailer';
import { issueSetPasswordToken, setPasswordLink } from './action-tokens';
import { revokeUnboundKeysIssuedBy } from '../collector/collector-keys';
import { destroyProviderSessions } from '../auth/oidc/postgres-adapter';

/** A team is the users of one organisation: a provider or a client. */
export type TeamOrg = { kind: 'serviceprovider'; id: string } | { kind: 'client'; id: string };

const orgColumn = (org: TeamOrg) => (org.kind === 'client' ? 'membership.client_fk' : 'membership.serviceprovider_fk');

export async function listTeam(db: Db, org: TeamOrg): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('membership')
    .innerJoin('app_user', 'app_user.user_id_pk', 'membership.user_fk')
    .select(['user_id_pk', 'first_name', 'last_name', 'email', 'required_actions'])
    .where(orgColumn(org), '=', org.id)
    .orderBy('last_name')
    .orderBy('first_name')
    .execute();
  return rows.map((r) => ({ id: r.user_id_pk, firstName: r.first_name, lastName: r.last_name, email: r.email, requiredActions: r.required_actions }));
}

export async function findTeamMember(db: Db, org: TeamOrg, userId: string): Promise<TeamMember | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
  return (await listTeam(db, org)).find((member) => member.id === userId);
}

/** Environment flags a new user needs to sign in on this installation (SPEC §5 environment check). */
export function environmentFlags(appEnv: AppEnv): string[] {
  if (appEnv === 'next' || appEnv === 'dev') return ['next_user'];
  if (appEnv === 'demo') return ['demo_user'];
  return [];
}

export interface NewMember {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Creates the user without a password and with the required action
 * UPDATE_PASSWORD, as member of the organisation. A taken e-mail answers 409
 * without saying which organisation has it.
 */
export async function createMember(db: Db, org: TeamOrg, member: NewMember, appEnv: AppEnv): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('app_user')
      .select('user_id_pk')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', member.email.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw conflict('Diese E-Mail-Adresse ist bereits einem Benutzerkonto zugeordnet.', 'email-taken');
    const { user_id_pk: userId } = await trx
      .insertInto('app_user')
      .values({
        email: member.email,
        first_name: member.firstName,
        last_name: member.lastName,
        password_hash: null,
        roles: [org.kind, ...environmentFlags(appEnv)],
        required_actions: ['UPDATE_PASSWORD'],
      })
      .returning('user_id_pk')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('membership')
      .values({ user_fk: userId, serviceprovider_fk: org.kind === 'serviceprovider' ? org.id : null, client_fk: org.kind === 'client' ? org.id : null })
      .execute();
    return userId;
  });
}

/** The provider whose sender (custom SMTP, white label, template) the organisation's mails use. */
export async function senderProviderOf(db: Db, org: TeamOrg): Promise<{ id: string; name: string } | undefined> {
  if (org.kind === 'serviceprovider') {
    const row = await db.selectFrom('serviceprovider').select(['serviceprovider_id_pk', 'serviceprovider_name', 'whitelabel_company_name', 'whitelabel_is_active']).where('serviceprovider_id_pk', '=', org.id).executeTakeFirst();
    return row && { id: row.serviceprovider_id_pk, name: (row.whitelabel_is_active && row.whitelabel_company_name) || row.serviceprovider_name };
  }
  const row = await db
    .selectFrom('client')
    .innerJoin('serviceprovider', 'serviceprovider.serviceprovider_id_pk', 'client.serviceprovider_fk')
    .select(['serviceprovider_id_pk', 'serviceprovider_name', 'whitelabel_company_name', 'whitelabel_is_active'])
    .where('client_id_pk', '=', org.id)
    .executeTakeFirst();
  return row && { id: row.serviceprovider_id_pk, name: (row.whitelabel_is_active && row.whitelabel_company_name) || row.serviceprovider_name };
}

export interface InvitationContext {
  db: Db;
  mailer: Mailer;
  publicBase: string;
}

/**
 * Sends the invitation with a one-time set-password link, through the
 * provider's own SMTP server when it has one (with its template 1 if set).
 */
export async function sendInvitation(
  context: InvitationContext,
  org: TeamOrg,
  user: { id: string } & NewMember,
): Promise<{ delivered: boolean; error?: string }> {
  const token = await issueSetPasswordToken(context.db, user.id);
  const link = setPasswordLink(context.publicBase, token);
  const sender = await senderProviderOf(context.db, org);
  const company = sender?.name ?? 'Burgwall';
  const settings = sender
    ? await context.db.selectFrom('serviceprovider_email_settings').select(['enabled', 'template1_html', 'subject1']).where('serviceprovider_fk', '=', sender.id).executeTakeFirst()
    : undefined;
  const values = { firstName: user.firstName, lastName: user.lastName, email: user.email, link, company };
  const customTemplate = settings?.enabled && settings.template1_html ? settings.template1_html : null;
  const html =
    customTemplate !== null
      ? fillTemplate(customTemplate, values)
      : `<p>Hallo ${escapeHtml(user.firstName)} ${escapeHtml(user.lastName)},</p><p>${escapeHtml(company)} hat Sie zu Burgwall eingeladen. Bitte legen Sie über diesen Link Ihr Passwort fest (gültig 7 Tage):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Viele Grüße<br>${escapeHtml(company)}</p>`;
  const subject = (settings?.enabled && settings.subject1) || `Einladung zu Burgwall von ${company}`;
  const text = `Hallo ${user.firstName} ${user.lastName},\n\n${company} hat Sie zu Burgwall eingeladen. Passwort festlegen: ${link}\n`;
  try {
    const result = await context.mailer.send({ to: user.email, subject, html, text }, { providerId: sender?.id });
    return { delivered: result.delivered };
  } catch (error) {
    if (error instanceof MailError) return { delivered: false, error: error.message };
    throw error;
  }
}

/** Removes the member from the organisation (and the account, which belongs to this organisation only). */
export async function removeMember(db: Db, org: TeamOrg, userId: string, actingUserId: string): Promise<void> {
  if (userId === actingUserId) throw badRequest('Sie können sich nicht selbst aus dem Team entfernen.');
  const member = await findTeamMember(db, org, userId);
  if (!member) throw notFound('Das Teammitglied wurde nicht gefunden.');
  await db.transaction().execute(async (trx) => {
    await revokeUnboundKeysIssuedBy(trx, userId);
    await destroyProviderSessions(trx, userId);
    // Its web sessions go with the account (ON DELETE CASCADE); its tokens are refused from the next request on.
    await trx.deleteFrom('app_user').where('user_id_pk', '=', userId).execute();
  });
}
