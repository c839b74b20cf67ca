/**
 * The listening socket systemd hands over (socket activation, `deploy/loja.socket`; the soak bench does the
 * same): `LISTEN_FDS` sockets from descriptor 3 on, meant for the process `LISTEN_PID` names (sd_listen_fds(3)).
 * The socket outlives the process: while it is killed and restarted, connections wait in the socket's queue
 * instead of being refused, so the proxy never has to retry a request elsewhere (decision 0051).
 */
export const FIRST_INHERITED_FD = 3;

/** Descriptor 3 when one socket was handed to this very process, otherwise undefined (the server binds PORT). */
export function inheritedSocket(env: NodeJS.ProcessEnv = process.env, pid = process.pid): number | undefined {
  if (env.LISTEN_PID !== String(pid)) return undefined;
  const count = Number(env.LISTEN_FDS);
  if (!Number.isInteger(count) || count < 1) return undefined;
  if (count > 1) throw new Error(`LISTEN_FDS=${count}: the shop listens on one socket; give its unit a single ListenStream`);
  return FIRST_INHERITED_FD;
}
