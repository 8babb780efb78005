/** Client side of the signed-in user's own settings (SPEC §7 "User"). */
import type { PasswordChangeLink, UserSettings, UserSettingsBody } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getUser = () => apiCall<UserSettings>('getUser', { path: '/user/' });

export const updateUser = (body: UserSettingsBody) => apiCall<UserSettings>('updateUser', { method: 'POST', path: '/user/', body });

export const getPasswordChangeLink = () => apiCall<PasswordChangeLink>('getPasswordChangeLink', { path: '/user/password/change' });
