import { describe, expect, it } from 'vitest';
import { shareInFlight } from './share-in-flight.ts';

describe('shareInFlight', () => {
  it('gives callers that arrive during a build that build, and a later caller a new one', async () => {
    let builds = 0;
    const read = shareInFlight(async () => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return `build ${builds}`;
    });
    const answers = await Promise.all([read(), read(), read(), read(), read()]);
    expect(answers).toEqual(Array(5).fill('build 1'));
    expect(builds).toBe(1);
    expect(await read()).toBe('build 2');
    expect(builds).toBe(2);
  });

  it('shares a failure with the callers that waited for it, then tries again', async () => {
    let builds = 0;
    const read = shareInFlight(async () => {
      builds++;
      if (builds === 1) throw new Error('database away');
      return 'ok';
    });
    const failed = await Promise.allSettled([read(), read()]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await read()).toBe('ok');
    expect(builds).toBe(2);
  });
});
