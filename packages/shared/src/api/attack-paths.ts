/** Attack paths to Tier 0 (issue 20): the summary, the principals with a path, the best cuts and one path. */
import { z } from 'zod';
import { isoDateTime } from './common';

const ATTACK_PATH_NODE_KINDS = ['user', 'computer', 'group', 'principal', 'ou', 'container', 'gpo', 'domain', 'adminsdholder', 'template'] as const;

export const attackPathNodeSchema = z.object({
  key: z.string(),
  kind: z.enum(ATTACK_PATH_NODE_KINDS),
  name: z.string(),
  distinguishedName: z.string().nullable(),
  objectKey: z.string().describe('objectGUID (oder SID/DN, wo keine GUID bekannt ist)'),
});
export type AttackPathNode = z.infer<typeof attackPathNodeSchema>;

export const attackPathStepSchema = z.object({
  from: attackPathNodeSchema,
  to: attackPathNodeSchema,
  type: z.string().describe('Kantentyp, z. B. MemberOf, GenericAll, ForceChangePassword'),
  label: z.string().describe('Die Kante in Worten („darf das Kennwort zurücksetzen von“)'),
});
export type AttackPathStep = z.infer<typeof attackPathStepSchema>;

export const attackPathPrincipalSchema = z.object({
  principal: attackPathNodeSchema,
  length: z.number().int().positive(),
  description: z.string().describe('Der kürzeste Pfad in Worten'),
});
export type AttackPathPrincipal = z.infer<typeof attackPathPrincipalSchema>;

export const attackPathCutSchema = z.object({
  step: attackPathStepSchema,
  disconnects: z.number().int().positive(),
  remediation: z.string(),
});
export type AttackPathCut = z.infer<typeof attackPathCutSchema>;

export const attackPathsAnswerSchema = z.object({
  /** null before the first collection. */
  collectedAt: isoDateTime.nullable(),
  nodeCount: z.number().int(),
  edgeCount: z.number().int(),
  tier0Count: z.number().int(),
  principalCount: z.number().int().describe('Konten und Gruppen außerhalb von Tier 0 mit einem Pfad'),
  shortestLength: z.number().int().nullable(),
  /** The first `limit` principals, shortest path first. */
  principals: z.array(attackPathPrincipalSchema),
  cuts: z.array(attackPathCutSchema),
});
export type AttackPathsAnswer = z.infer<typeof attackPathsAnswerSchema>;

export const attackPathsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  search: z.string().max(200).optional().describe('Teil des Namens'),
});

export const attackPathQuerySchema = z.object({ objectKey: z.string().min(1).max(300).describe('objectGUID, SID oder DN des Kontos oder der Gruppe') });

export const attackPathAnswerSchema = z.object({
  principal: attackPathNodeSchema,
  steps: z.array(attackPathStepSchema),
});
export type AttackPathAnswer = z.infer<typeof attackPathAnswerSchema>;

/** Objects the client counts as Tier 0 besides the well-known ones (e.g. a PAM, backup or management server). */
export const tier0ExtraSchema = z.object({
  objectKey: z.string().describe('objectGUID (GPO: ihre ID) im neuesten Snapshot'),
  name: z.string(),
  kind: z.enum(ATTACK_PATH_NODE_KINDS),
  distinguishedName: z.string().nullable(),
  addedBy: z.string().nullable(),
  addedAt: isoDateTime,
  /** False when the newest snapshot no longer has the object (it then counts for nothing). */
  inSnapshot: z.boolean(),
});
export type Tier0Extra = z.infer<typeof tier0ExtraSchema>;

export const tier0ExtrasAnswerSchema = z.object({ objects: z.array(tier0ExtraSchema) });
export type Tier0ExtrasAnswer = z.infer<typeof tier0ExtrasAnswerSchema>;

export const tier0ExtraAddBodySchema = z.object({
  object: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie ein Objekt an: Name, Anmeldename, Distinguished Name, SID oder objectGUID.')
    .max(500, 'Höchstens 500 Zeichen.')
    .describe('Name, sAMAccountName, Distinguished Name, SID oder objectGUID eines Kontos, einer Gruppe, eines Computers, einer OU oder GPO'),
});
export type Tier0ExtraAddBody = z.infer<typeof tier0ExtraAddBodySchema>;

export const tier0ExtraAddedSchema = z.object({ message: z.string(), object: tier0ExtraSchema });
export type Tier0ExtraAdded = z.infer<typeof tier0ExtraAddedSchema>;

export const tier0ExtraParamsSchema = z.object({ objectKey: z.string().min(1).max(300) });
