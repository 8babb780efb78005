import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

/** One received RFC 5424 message, split into its header fields. */
export interface SyslogMessage {
  raw: string;
  pri: number;
  version: string;
  timestamp: string;
  hostname: string;
  appName: string;
  procId: string;
  msgId: string;
  structuredData: string;
  msg: string;
}

export interface SyslogListener {
  port: number;
  messages: SyslogMessage[];
  /** Resolves once `count` messages have arrived (those already there count). */
  waitForCount(count: number, timeoutMs?: number): Promise<SyslogMessage[]>;
  stop(): Promise<void>;
}

/** Parses `<PRI>1 TIMESTAMP HOST APP PROCID MSGID SD MSG` (SD is "-" or bracketed without spaces inside here). */
export function parseSyslog(raw: string): SyslogMessage {
  const match = /^<(\d{1,3})>(\d) (\S+) (\S+) (\S+) (\S+) (\S+) (-|\[.*?\]) ?([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`not an RFC 5424 message: ${raw}`);
  const [, pri, version, timestamp, hostname, appName, procId, msgId, structuredData, msg] = match as unknown as string[];
  return { raw, pri: Number(pri), version: version!, timestamp: timestamp!, hostname: hostname!, appName: appName!, procId: procId!, msgId: msgId!, structuredData: structuredData!, msg: msg! };
}

/**
 * A syslog receiver over TCP (or TLS with `tls`) that reads RFC 6587 octet-counted frames (`<length> <message>`,
 * length in bytes) and keeps every message. A frame that does not start with a length is a test failure: it throws
 * on the next wait.
 */
export async function startSyslogListener(options: { port?: number; tls?: { keyPem: string; certPem: string } } = {}): Promise<SyslogListener> {
  const messages: SyslogMessage[] = [];
  let framingError: Error | null = null;
  const sockets = new Set<Socket>();
  const onConnection = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const space = buffer.indexOf(0x20);
        if (space < 0) return;
        const lengthText = buffer.subarray(0, space).toString('ascii');
        if (!/^[1-9]\d*$/.test(lengthText)) {
          framingError = new Error(`frame without octet count: ${buffer.toString('utf8').slice(0, 80)}`);
          return;
        }
        const length = Number(lengthText);
        if (buffer.length < space + 1 + length) return;
        messages.push(parseSyslog(buffer.subarray(space + 1, space + 1 + length).toString('utf8')));
        buffer = buffer.subarray(space + 1 + length);
      }
    });
    socket.on('error', () => undefined);
  };
  const server: Server = options.tls ? createTlsServer({ key: options.tls.keyPem, cert: options.tls.certPem }, onConnection) : createTcpServer(onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    messages,
    waitForCount: async (count, timeoutMs = 20_000) => {
      const start = Date.now();
      while (messages.length < count) {
        if (framingError) throw framingError;
        if (Date.now() - start > timeoutMs) throw new Error(`expected ${count} syslog messages, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (framingError) throw framingError;
      return messages.slice(0, count);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Splits a CEF line into its seven header fields and the extension map, undoing CEF's escapes. */
export function parseCef(line: string): { header: string[]; extension: Record<string, string> } {
  const header: string[] = [];
  let current = '';
  let index = 0;
  for (; index < line.length && header.length < 7; index++) {
    const char = line[index]!;
    if (char === '\\' && (line[index + 1] === '|' || line[index + 1] === '\\')) {
      current += line[++index];
    } else if (char === '|') {
      header.push(current);
      current = '';
    } else current += char;
  }
  const rest = line.slice(index);
  const extension: Record<string, string> = {};
  // Keys are word characters followed by an unescaped "="; a value runs until the next such key.
  const keyPattern = /(?:^|(?<=\s))([A-Za-z0-9_]+)=/g;
  const keys = [...rest.matchAll(keyPattern)].filter((match) => match.index === 0 || rest[match.index - 1] !== '\\');
  keys.forEach((match, position) => {
    const start = match.index + match[0].length;
    const end = position + 1 < keys.length ? keys[position + 1]!.index - 1 : rest.length;
    extension[match[1]!] = rest
      .slice(start, end)
      .replace(/\\n/g, '\n')
      .replace(/\\r/g, '\r')
      .replace(/\\=/g, '=')
      .replace(/\\\\/g, '\\');
  });
  return { header, extension };
}
