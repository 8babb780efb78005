import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** 400 with a precise message naming each bad field (e.g. "employeeCount: Too small: expected number to be >=1"). */
export function sendZodError(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const message = error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
  return reply.code(400).send({ message, issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) });
}
