import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.ts';

// Two ways to drain (main.ts): on a port of its own, /api/ready says no, so the proxy moves the traffic; on a
// socket systemd holds, which outlives the process and another accepts on (decision 0058), it stays ready.
const ctx = useTestApp();

describe('a process that is stopping', () => {
  it('on a port of its own, says it is not ready while it drains, so the proxy moves its traffic', async () => {
    ctx.app.draining = true;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'DRAINING', message: 'O servidor está temporariamente indisponível. Por favor, tente novamente mais tarde.' });
    } finally {
      ctx.app.draining = false;
    }
  });

  it('on a socket handed over, answers the checks that reach it while it drains, as the process beside it does', async () => {
    ctx.app.draining = true;
    ctx.app.socketHandedOver = true;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready' });
    } finally {
      ctx.app.draining = false;
      ctx.app.socketHandedOver = false;
    }
  });

  it('answers a request that arrives on an open connection after it began to close, instead of a 503', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => void (answer += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // The request's first line is in: the connection is not idle, so closing waits for it.
    socket.write('GET /api/health HTTP/1.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = ctx.app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('Host: loja.test\r\n\r\n');
    await ended;
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toContain('{"status":"ok"}');
  });
});
