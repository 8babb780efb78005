/** Routes that send mail (test mail, invitations): per client address, enough for real use, too few for abuse. */
export const MAIL_SENDING_LIMIT = { max: 30, timeWindow: 10 * 60_000 } as const;
