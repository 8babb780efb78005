/** The installation's licence state (self-hosted; GET /selfhosted/license). */
import type { LicenseState } from '@burgwall/shared';
import { apiCall } from '../lib/api-client';

export const getLicenseState = () => apiCall<LicenseState>('getLicenseState', { path: '/selfhosted/license' });
