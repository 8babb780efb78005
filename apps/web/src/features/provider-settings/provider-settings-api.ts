/** Client side of the provider settings routes (SPEC §3 "Service provider", custom e-mail, §7 "Billing API"). */
import type {
  BillingCustomer,
  CheckoutSession,
  EmailSettingsBody,
  EmailSettingsView,
  EmailTestBody,
  LogoUploadAnswer,
  MessageAnswer,
  PortalSession,
  ProviderView,
  QuickcheckSettings,
  WellKnownEmailService,
  WhitelabelBody,
} from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getServiceprovider = (serviceproviderUUID: string) =>
  apiCall<ProviderView>('getServiceprovider', { path: '/serviceprovider/{serviceproviderUUID}/', required: { serviceproviderUUID } });

export const updateWhitelabel = (serviceproviderUUID: string, body: WhitelabelBody) =>
  apiCall<ProviderView>('updateWhitelabel', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/whitelabel/', required: { serviceproviderUUID }, body });

/** multipart/form-data with the file part "logo". */
export const uploadWhitelabelLogo = (serviceproviderUUID: string, body: FormData) =>
  apiCall<LogoUploadAnswer>('uploadWhitelabelLogo', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/whitelabel/logo', required: { serviceproviderUUID }, body });

export const saveQuickcheckSettings = (serviceproviderUUID: string, body: QuickcheckSettings) =>
  apiCall<QuickcheckSettings>('saveQuickcheckSettings', {
    method: 'POST',
    path: '/serviceprovider/{serviceproviderUUID}/quickcheck/settings',
    required: { serviceproviderUUID },
    body,
  });

export const getEmailSettings = (serviceproviderUUID: string) =>
  apiCall<EmailSettingsView>('getEmailSettings', { path: '/serviceprovider/{serviceproviderUUID}/email/settings', required: { serviceproviderUUID } });

export const saveEmailSettings = (serviceproviderUUID: string, body: EmailSettingsBody) =>
  apiCall<EmailSettingsView>('saveEmailSettings', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/email/settings', required: { serviceproviderUUID }, body });

export const sendTestEmail = (serviceproviderUUID: string, body: EmailTestBody) =>
  apiCall<MessageAnswer>('sendTestEmail', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/email/test', required: { serviceproviderUUID }, body });

export const getWellKnownServices = () => apiCall<WellKnownEmailService[]>('getWellKnownServices', { path: '/services/email/well-known-services' });

export const getBillingCustomer = (serviceproviderUUID: string) =>
  apiCall<BillingCustomer>('getBillingCustomer', { path: '/saas/billing/customers/{serviceproviderUUID}', required: { serviceproviderUUID } });

export const createCheckoutSession = (serviceproviderUUID: string) =>
  apiCall<CheckoutSession>('createBillingSession', {
    method: 'POST',
    path: '/saas/billing/customers/{serviceproviderUUID}/checkout-session',
    required: { serviceproviderUUID },
    body: {},
  });

export const createPortalSession = (serviceproviderUUID: string) =>
  apiCall<PortalSession>('createBillingSession', { method: 'POST', path: '/saas/billing/customers/{serviceproviderUUID}/portal-session', required: { serviceproviderUUID }, body: {} });
