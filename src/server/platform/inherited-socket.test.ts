import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { inheritedSocket } from './inherited-socket.ts';

describe('the socket systemd hands over', () => {
  it('is descriptor 3 when one socket was given to this process', () => {
    expect(inheritedSocket({ LISTEN_FDS: '1', LISTEN_PID: '4242' }, 4242)).toBe(3);
  });

  it('is ignored when meant for another process (a child that inherited the environment) or absent', () => {
    expect(inheritedSocket({ LISTEN_FDS: '1', LISTEN_PID: '4241' }, 4242)).toBeUndefined();
    expect(inheritedSocket({ LISTEN_FDS: '1' }, 4242)).toBeUndefined();
    expect(inheritedSocket({}, 4242)).toBeUndefined();
    expect(inheritedSocket({ LISTEN_FDS: '0', LISTEN_PID: '4242' }, 4242)).toBeUndefined();
  });

  it('refuses more than one socket rather than listening on the wrong one', () => {
    expect(() => inheritedSocket({ LISTEN_FDS: '2', LISTEN_PID: '4242' }, 4242)).toThrow(/single ListenStream/);
  });
});

describe('a process started at a lower priority, as the units start it', () => {
  it('returns to priority 0 once it listens, where the limits allow it (root here, LimitNICE=+0 under systemd)', () => {
    const script = `
      import { getPriority } from 'node:os';
      import { fullShareOfTheCpu } from './src/server/platform/inherited-socket.ts';
      const before = getPriority();
      fullShareOfTheCpu({ warn: (_obj, msg) => console.error(msg) });
      console.log(JSON.stringify({ before, after: getPriority() }));`;
    const out = execFileSync('nice', ['-n', '10', process.execPath, '--input-type=module', '-e', script], { encoding: 'utf8' });
    const { before, after } = JSON.parse(out) as { before: number; after: number };
    expect(before).toBe(10);
    expect(after).toBe(process.getuid?.() === 0 ? 0 : 10);
  });
});
