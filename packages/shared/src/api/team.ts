/** Teams of a client or a service provider (SPEC §3 "Team member"): members, invitation and removal. */
import { z } from 'zod';

/** One member of a team, with the actions still required of them (e.g. UPDATE_PASSWORD until the invitation is used). */
export const teamMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  requiredActions: z.array(z.string()),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamSchema = z.array(teamMemberSchema);

/** POST …/collaboration/team: invite a new member by e-mail. */
export const addTeamMemberBodySchema = z.object({
  email: z.email().transform((email) => email.trim()),
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
});
export type AddTeamMemberBody = z.input<typeof addTeamMemberBodySchema>;

export const addTeamMemberAnswerSchema = z.object({
  user: teamMemberSchema,
  invitationSent: z.boolean(),
  invitationError: z.string().optional().describe('Warum die Einladung nicht versendet werden konnte'),
});
export type AddTeamMemberAnswer = z.infer<typeof addTeamMemberAnswerSchema>;

/** DELETE …/collaboration/team: the member to remove. */
export const removeTeamMemberBodySchema = z.object({ userUUID: z.uuid() });
export type RemoveTeamMemberBody = z.infer<typeof removeTeamMemberBodySchema>;
