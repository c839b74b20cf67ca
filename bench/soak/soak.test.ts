// The soak bench's pure parts: the seeded mix, the rate steps, percentiles and windows, the metrics parser,
// how failures around a kill are classed, and the checks' verdicts.
import { describe, expect, it } from 'vitest';
import { caddyVersion, proxyOptionsFor } from './caddy-version.ts';
import { errorsBesideLimits, oldestJob, paymentMails, rssGrowth, stockBalance, upgrade } from './checks.ts';
import { initialRate, MIX, nextRate, pickFlow, seeded, type RatePlan } from './mix.ts';
import { killLosses, outcomeOf, parseMetrics, percentile, type Sample, windows } from './stats.ts';

describe('the traffic mix', () => {
  it('is the same sequence for the same seed, and another for another seed', () => {
    const a = seeded(31);
    const b = seeded(31);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(Array.from({ length: 5 }, seeded(32))).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws browsing 80 %, carts 10 %, checkouts 5 %, admin 3 %, logins 2 % (within half a point on 100,000 draws)', () => {
    const random = seeded(7);
    const counts: Record<string, number> = {};
    const draws = 100_000;
    for (let i = 0; i < draws; i++) {
      const kind = pickFlow(random);
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    expect(MIX.reduce((sum, [, share]) => sum + share, 0)).toBe(100);
    for (const [kind, share] of MIX) expect(Math.abs(((counts[kind] ?? 0) / draws) * 100 - share), kind).toBeLessThan(0.5);
  });
});

describe('the rate steps', () => {
  const plan: RatePlan = { start: 4, factor: 1.5, max: 20, budgetMs: 200 };

  it('steps up while the pages p99 is within 200 ms, then holds the last good rate for good', () => {
    let state = nextRate(plan, initialRate(plan), 900, 'warm-up');
    expect(state).toMatchObject({ rate: 4, holding: false });
    state = nextRate(plan, state, 80);
    expect(state.rate).toBe(6);
    state = nextRate(plan, state, 150);
    expect(state.rate).toBe(9);
    state = nextRate(plan, state, 240);
    expect(state).toMatchObject({ rate: 6, holding: true });
    state = nextRate(plan, state, 50);
    expect(state.rate).toBe(6);
    expect(state.steps.map((s) => s.verdict)).toEqual([
      'warm-up: not judged',
      'within budget: stepping up',
      'within budget: stepping up',
      'over budget: holding the last good rate',
      'held',
    ]);
  });

  it('does not judge the warm-up nor a step disturbed by a kill or an upgrade, and stops at the ceiling', () => {
    let state = nextRate(plan, initialRate(plan), 900, 'disturbed');
    expect(state).toMatchObject({ rate: 4, holding: false, steps: [{ verdict: 'disturbed: not judged' }] });
    for (const p99 of [10, 10, 10, 10]) state = nextRate(plan, state, p99);
    expect(state.rate).toBe(20);
    state = nextRate(plan, state, 10);
    expect(state).toMatchObject({ rate: 20, holding: true });
  });

  it('does not step up into a step a kill or an upgrade will fall in, and judges the rate again after it', () => {
    let state = nextRate(plan, initialRate(plan), 900, 'warm-up');
    state = nextRate(plan, state, 80);
    expect(state.rate).toBe(6);
    state = nextRate(plan, state, 90, undefined, 'disturbance ahead');
    expect(state).toMatchObject({ rate: 6, lastGood: 6, holding: false });
    state = nextRate(plan, state, 3000, 'disturbed');
    expect(state.rate).toBe(6);
    state = nextRate(plan, state, 70);
    expect(state.rate).toBe(9);
    // Over budget before a disturbance still sends the rate back.
    state = nextRate(plan, state, 400, undefined, 'disturbance ahead');
    expect(state).toMatchObject({ rate: 6, holding: true });
    expect(state.steps.map((s) => s.verdict).slice(2, 4)).toEqual(['within budget: disturbance ahead, not stepping up', 'disturbed: not judged']);
  });
});

describe('percentiles and windows', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeUndefined();
  });

  it('groups requests by window and kind, counting 429s apart from errors', () => {
    const s = (at: number, kind: string, ms: number, status = 200): Sample => ({ at, ms, kind, method: 'GET', status, retryable: true });
    const w = windows([s(100, 'page', 10), s(200, 'page', 30), s(9_000, 'cart', 5, 429), s(12_000, 'page', 50, 502), s(13_000, 'page', 0, 0)], 10, 20);
    expect(w).toHaveLength(2);
    expect(w[0]).toMatchObject({ from: 0, requests: 3, perSecond: 0.3, errors: 0, limited: 1 });
    expect(w[0]?.kinds.page).toEqual({ count: 2, p50: 10, p95: 30, p99: 30 });
    // A request with no answer has no latency to count, but is an error.
    expect(w[1]).toMatchObject({ requests: 2, errors: 2, kinds: { page: { count: 1, p99: 50 } } });
    expect([200, 302, 429, 404, 503, 0].map(outcomeOf)).toEqual(['ok', 'ok', 'limited', 'error', 'error', 'error']);
  });

  it('reads Prometheus text, labels and all', () => {
    const m = parseMetrics(
      [
        '# HELP process_resident_memory_bytes Resident memory size in bytes.',
        'process_resident_memory_bytes 123456789',
        'loja_jobs_queued{kind="mail.send"} 3',
        'loja_jobs_queued{kind="ops.backup"} 1',
        'loja_http_request_duration_seconds_bucket{le="0.2",method="GET",route="/api/product",status="200"} 42',
      ].join('\n'),
    );
    expect(m.get('process_resident_memory_bytes')?.[0]?.value).toBe(123456789);
    expect(m.get('loja_jobs_queued')?.map((s) => [s.labels.kind, s.value])).toEqual([['mail.send', 3], ['ops.backup', 1]]);
    expect(m.get('loja_http_request_duration_seconds_bucket')?.[0]?.labels).toEqual({ le: '0.2', method: 'GET', route: '/api/product', status: '200' });
  });
});

describe('a process killed', () => {
  const s = (at: number, ms: number, status: number, method: string, retryable: boolean): Sample => ({ at, ms, kind: 'x', method, status, retryable });

  it('counts as lost-and-retryable a failed read, or anything sent once the killed process was surely gone', () => {
    const killedAt = 10_000;
    const losses = killLosses(
      [
        s(9_990, 20, 502, 'POST', false), // a login in flight on the killed process: the proxy may not resend it
        s(9_995, 20, 0, 'GET', true), // a page in flight: the proxy should have resent it
        s(10_500, 30, 502, 'POST', false), // sent after the kill: refused at the dial, always retryable
        s(10_020, 30, 502, 'POST', false), // sent in the instant after: on a pooled connection being reset
        s(9_000, 20, 502, 'GET', true), // long before: not the kill's
        s(10_100, 30, 200, 'POST', false),
      ],
      killedAt,
      5_000,
    );
    expect(losses).toEqual({ retryable: 2, notRetryable: 2, failed: 4, inFlight: 2 });
  });
});

describe('the checks', () => {
  it('RSS: growth under 10 % after warm-up, per life of each process', () => {
    const life = (process: string, values: number[]) => ({ process, life: 1, points: values.map((rss, i) => ({ at: i * 10, rss })) });
    // 100 → 150 during warm-up does not count; 150 → 160 is +6.7 %.
    expect(rssGrowth([life('app1', [100, 150, 155, 160])], 10).pass).toBe(true);
    const grown = rssGrowth([life('app1', [100, 150, 155, 160]), life('app2', [100, 100, 120])], 10);
    expect(grown.pass).toBe(false);
    expect(grown.figure).toContain('app2#1');
    expect(rssGrowth([life('app1', [100, 200])], 10)).toMatchObject({ pass: false, figure: 'no process lived long enough to judge' });
    // A collection that lands on the first or last point is one point among three: 200 → 200 MB, not -25 %.
    const mb = 1_048_576;
    expect(rssGrowth([life('app1', [300, 200, 150, 210, 200, 205, 150].map((v) => v * mb))], 10)).toMatchObject({
      pass: true,
      figure: 'app1#1 200 → 200 MB (+0.0 %)',
    });
    // While the rate is still stepped up the heap follows the work: judged from the held rate (second 30) on.
    const ramp = [life('app1', [100, 110, 150, 200, 205, 210, 212])];
    expect(rssGrowth(ramp, 10).pass).toBe(false);
    expect(rssGrowth(ramp, 10, 30)).toMatchObject({ pass: true, name: 'RSS growth < 10 % start → end (after 10 s of warm-up and from 30 s, the held rate)' });
  });

  it('stock, jobs, errors and the upgrade', () => {
    expect(stockBalance({ start: 1000, end: 940, sold: 60 }).pass).toBe(true);
    expect(stockBalance({ start: 1000, end: 941, sold: 60 })).toMatchObject({ pass: false, figure: '941 + 60 = 1001 vs 1000' });
    expect(oldestJob(29.9).pass).toBe(true);
    expect(oldestJob(30.1).pass).toBe(false);
    expect(errorsBesideLimits(0, 12, 5000).pass).toBe(true);
    expect(errorsBesideLimits(1, 0, 5000).pass).toBe(false);
    const steps = ['1. db:backup', '2. db:migrate', '3. app1 restarted', '4. app2 restarted'];
    expect(upgrade({ failed: 0, requests: 900, seconds: 40, steps }, 20).pass).toBe(true);
    expect(upgrade({ failed: 1, requests: 900, seconds: 40, steps }, 20).pass).toBe(false);
    expect(upgrade({ failed: 0, requests: 900, seconds: 40, steps: steps.slice(0, 3) }, 20).pass).toBe(false);
    expect(upgrade(undefined, 20)).toMatchObject({ pass: false, figure: 'not run' });
  });

  it('payment mails: exactly one per paid order, none for an unpaid one', () => {
    expect(paymentMails([1, 2], new Map([[1, 1], [2, 1]])).pass).toBe(true);
    const wrong = paymentMails([1, 2, 3], new Map([[1, 2], [3, 1], [9, 1]]));
    expect(wrong.pass).toBe(false);
    expect(wrong.figure).toBe('3 paid; missing 1 (2), twice or more 1 (1), for unpaid orders 1 (9)');
    expect(paymentMails([], new Map()).pass).toBe(false);
  });
});

describe('the Caddy that runs the Caddyfile', () => {
  it('buffers request bodies before 2.11.2 (Debian 12: 2.6.2), so a write refused by a dead process reaches the other', () => {
    expect(caddyVersion('v2.6.2 h1:abc=')).toEqual([2, 6, 2]);
    expect(proxyOptionsFor('2.6.2')).toBe('buffer_requests');
    expect(proxyOptionsFor('v2.11.1 h1:x')).toBe('buffer_requests');
    expect(proxyOptionsFor('v2.11.2 h1:x')).toBe('');
    expect(proxyOptionsFor('v2.12.0')).toBe('');
    expect(proxyOptionsFor('not a version')).toBe('');
  });
});
