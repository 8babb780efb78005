/**
 * Every REST route of the app, by scope. A route with a tenant id in its path is registered inside its tenant
 * scope (client, service provider, admin), whose one guard resolves access and hands the handler `request.tenant`
 * or `request.provider`; signed-in routes without a tenant id go into the user scope; public routes stay outside.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAdminRoutes } from './admin/admin-routes';
import { registerProviderApiTokenRoutes, registerUserApiTokenRoutes } from './api-tokens/api-token-routes';
import { registerExportRoutes } from './exports/export-routes';
import { registerAttackPathRoutes } from './attack-paths/attack-path-routes';
import { registerAlertRuleRoutes } from './alerts/alert-routes';
import { registerUnsubscribeRoute } from './alerts/unsubscribe-route';
import { registerAdminLogRoutes } from './admin-logs/admin-logs-routes';
import { registerAdminJobRoutes } from './admin-jobs/admin-jobs-routes';
import {
  registerBillingCustomerCreationRoutes,
  registerBillingRoutes,
  registerBillingWebhookRoute,
  registerClientBillingRoutes,
} from './billing/billing-routes';
import { registerAdminClientRoutes, registerClientCreationRoutes, registerClientRoutes } from './clients/client-routes';
import { registerCollectorRoutes } from './collector/register-collector-routes';
import { registerEntraRoutes } from './entra/entra-routes';
import { registerGraphExplorerRoutes } from './entra/graph-explorer-routes';
import { registerIoaThresholdRoutes } from './ioa/ioa-threshold-routes';
import { registerIoa } from './ioa/register-ioa';
import { registerIoeRoutes } from './ioe/ioe-routes';
import { registerScoreActionRoutes } from './ioe/score-actions-routes';
import { registerAdminEmailRoutes, registerEmailServiceRoutes, registerProviderEmailRoutes } from './providers/email-routes';
import { registerProviderRoutes, registerProviderSignUpRoutes } from './providers/provider-routes';
import { registerProviderOverviewRoutes } from './providers/provider-overview-routes';
import { registerProviderClientExportRoutes } from './providers/client-list-export-routes';
import { registerReportRoute } from './report/report-route';
import { registerConsentRoute } from './consent/consent-route';
import { registerContentRoutes } from './content/content-routes';
import { registerHealthRoute } from './health/health-route';
import { registerImageProxy } from './images/ipx-route';
import type { Services } from './services';
import { registerSetPasswordPage } from './team/set-password-page';
import { registerClientTeamRoutes, registerProviderTeamRoutes } from './team/team-routes';
import { adminScope, clientScope, providerScope, type ScopedRoutes, userScope } from './tenancy/tenant-scope';
import { registerUserRoutes } from './users/user-routes';
import { registerAdminSelfhostedRoutes } from './selfhosted/admin-license-routes';
import { registerLicenseStateRoute } from './selfhosted/license-state-route';
import { registerSelfhostedSaasRoutes } from './selfhosted/saas-license-routes';
import { registerMailingRoutes } from './saas/mailing-routes';
import { registerMailingUnsubscribeRoute } from './saas/mailing-unsubscribe-route';
import { registerSaasPublicServiceRoutes, registerSaasUserServiceRoutes } from './saas/saas-services-routes';
import { registerUserWebhookRoute, registerWebhookRoutes } from './webhooks/webhook-routes';
import { registerSiemRoutes } from './siem/siem-routes';
import { registerReportScheduleRoutes } from './report-schedules/report-schedule-routes';

const clientRoutes: ScopedRoutes[] = [
  registerClientRoutes,
  registerClientTeamRoutes,
  registerIoeRoutes,
  registerScoreActionRoutes,
  registerAttackPathRoutes,
  registerIoaThresholdRoutes,
  registerReportRoute,
  registerEntraRoutes,
  registerCollectorRoutes,
  registerClientBillingRoutes,
  registerExportRoutes,
];

const providerRoutes: ScopedRoutes[] = [
  registerProviderRoutes,
  registerProviderOverviewRoutes,
  registerProviderClientExportRoutes,
  registerProviderEmailRoutes,
  registerProviderTeamRoutes,
  registerBillingRoutes,
  registerAlertRuleRoutes,
  registerWebhookRoutes,
  registerSiemRoutes,
  registerReportScheduleRoutes,
  registerProviderApiTokenRoutes,
];

const userRoutes: ScopedRoutes[] = [
  registerClientCreationRoutes,
  registerUserRoutes,
  registerEmailServiceRoutes,
  registerBillingCustomerCreationRoutes,
  registerUserWebhookRoute,
  registerLicenseStateRoute,
  registerUserApiTokenRoutes,
  registerSaasUserServiceRoutes,
];

const adminRoutes: ScopedRoutes[] = [
  registerAdminClientRoutes,
  registerAdminEmailRoutes,
  registerGraphExplorerRoutes,
  registerAdminRoutes,
  registerAdminLogRoutes,
  registerAdminJobRoutes,
  registerAdminSelfhostedRoutes,
];

export async function registerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(clientScope, { services, routes: clientRoutes });
  await app.register(providerScope, { services, routes: providerRoutes });
  await app.register(userScope, { services, routes: userRoutes });
  await app.register(adminScope, { services, routes: adminRoutes });

  const publicApp = app.withTypeProvider<ZodTypeProvider>();
  // Self-registration (an admin token is accepted too).
  registerProviderSignUpRoutes(publicApp, services);
  // IoA evaluation of stored changes and the data-change service call (its own key; the client is in the body).
  registerIoa(app, services);
  // Stripe's webhook: authenticated by its signature, no user.
  await registerBillingWebhookRoute(app, services);
  // Self-hosted installations report and validate their licence: authenticated by the licence key, no user.
  registerSelfhostedSaasRoutes(publicApp, services);

  // Public: health check, Storyblok-compatible content API, consent log and the image proxy (not REST).
  registerHealthRoute(publicApp, services);
  await registerContentRoutes(publicApp, services);
  registerConsentRoute(publicApp, services);
  // The unsubscribe link of alert mails: the signed token is the authorisation (no sign-in).
  registerUnsubscribeRoute(publicApp, services);
  // SaaS services (SPEC §7): the mailer and the mailing lists for admins or the service key, the collector's version
  // report with its collector key, and the lists' unsubscribe link (signed token, no sign-in).
  registerSaasPublicServiceRoutes(publicApp, services);
  registerMailingRoutes(publicApp, services);
  registerMailingUnsubscribeRoute(publicApp, services);
  registerImageProxy(app, services.config.CONTENT_DIR);

  // The set-password page of mailed links (server-rendered HTML, the token is the authorisation).
  registerSetPasswordPage(app, services);
}
