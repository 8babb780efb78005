/** Team calls (SPEC §3 "Team member") of a client or a provider: `basePath` is the scope, e.g. /client/{clientUUID}. */
import type { AddTeamMemberAnswer, AddTeamMemberBody, MessageAnswer, RemoveTeamMemberBody, TeamMember } from '@burgwall/shared';
import { apiCall } from '../lib/api-client';

type Scope = { basePath: string; required: Record<string, string> };

export const getTeam = ({ basePath, required }: Scope) => apiCall<TeamMember[]>('getTeam', { path: `${basePath}/collaboration/team`, required });

export const addTeamMember = ({ basePath, required }: Scope, body: AddTeamMemberBody) =>
  apiCall<AddTeamMemberAnswer>('addTeamMember', { method: 'POST', path: `${basePath}/collaboration/team`, required, body });

export const removeTeamMember = ({ basePath, required }: Scope, body: RemoveTeamMemberBody) =>
  apiCall<MessageAnswer>('removeTeamMember', { method: 'DELETE', path: `${basePath}/collaboration/team`, required, body });
