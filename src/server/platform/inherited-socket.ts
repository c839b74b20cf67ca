import { getPriority, setPriority } from 'node:os';

/**
 * The listening socket systemd hands over (socket activation, `deploy/loja@.socket`; the soak bench does the
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

/**
 * The units start the shop at a lower priority (Nice=10, with LimitNICE=+0 allowing it back), so a process
 * starting and warming beside a busy one (an upgrade, decision 0058) does not take the CPU it serves with;
 * once listening, it takes its full share. Elsewhere (priority 0 already, or not allowed) nothing changes.
 */
export function fullShareOfTheCpu(log: { warn: (obj: object, msg: string) => void }) {
  if (getPriority() <= 0) return;
  try {
    setPriority(0);
  } catch (err) {
    log.warn({ err }, 'could not return to priority 0 (LimitNICE=+0 in the unit allows it)');
  }
}
