import net from 'node:net';
import { StartupError } from './startup-error';

/** The message for a port another process holds, naming the variable that moves Burgwall elsewhere. */
export function portTakenMessage(port: number, variable: string): string {
  return `port ${port} is already in use by another process (another Burgwall instance?); stop it or set ${variable} to a free port`;
}

/** Throws a StartupError naming `variable` when nothing can listen on host:port right now. */
export async function assertPortFree(port: number, host: string, variable: string): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new StartupError(portTakenMessage(port, variable)) : error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
