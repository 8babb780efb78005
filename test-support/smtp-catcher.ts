import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The user name the client signed in with (undefined without auth). */
  authUser?: string;
  /** Attached files (inline images included), with their bytes. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpCatcher {
  port: number;
  mails: CaughtMail[];
  /** How many SMTP connections were opened (also those that sent nothing). */
  connections(): number;
  /** Resolves with the first mail (already caught or arriving) that matches. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 (or `host`) that keeps every mail. With
 * `auth`, it accepts only that user and password (LOGIN/PLAIN, no TLS).
 */
export async function startSmtpCatcher(options: { port?: number; host?: string; auth?: { user: string; password: string } } = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let connections = 0;
  const waiters: Array<{ match: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.password) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            authUser: typeof session.user === 'string' ? session.user : undefined,
            attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename ?? '', contentType: attachment.contentType, content: attachment.content })),
          };
          mails.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    mails,
    connections: () => connections,
    waitFor: (match, timeoutMs = 10_000) => {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
        waiters.push({ match, resolve: (mail) => { clearTimeout(timer); resolve(mail); } });
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
