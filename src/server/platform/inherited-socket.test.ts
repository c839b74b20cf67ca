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
