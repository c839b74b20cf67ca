// The soak's traffic, as pure functions: a seeded random source (the same seed, the same run), the mix of
// what visitors do, and the rate that steps up until the storefront's pages pass their p99 budget.

/** What one visitor does in one go (a flow: one or several requests). */
export type FlowKind = 'browse' | 'cart' | 'checkout' | 'admin' | 'login';

/** The share of each flow, in per cent (issue #31): browsing 80, carts 10, checkouts 5, admin 3, logins 2. */
export const MIX: readonly (readonly [FlowKind, number])[] = [
  ['browse', 80],
  ['cart', 10],
  ['checkout', 5],
  ['admin', 3],
  ['login', 2],
];

export type Random = () => number;

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1); the same seed gives the same sequence. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One of `choices`, each as likely as its weight. */
export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [choice, weight] of choices) {
    left -= weight;
    if (left < 0) return choice;
  }
  const last = choices.at(-1);
  if (!last) throw new Error('weighted: no choices');
  return last[0];
}

export const pickFlow = (random: Random): FlowKind => weighted(random, MIX);

/** An integer in [0, n). */
export const below = (random: Random, n: number) => Math.floor(random() * n);

/**
 * The rate (flows a second) steps up by `factor` at the end of each step while the storefront pages' p99
 * over that step stays within the budget; the first step past it sends the rate back to the last good one,
 * which is then held to the end. A step disturbed on purpose (a process killed, an upgrade) decides nothing,
 * nor does the first (the warm-up: fresh processes compile their code and fill their caches on first pages).
 * Nor does the rate step up into a step that a disturbance will fall in (`next: 'disturbance ahead'`): a kill
 * or an upgrade meets a rate already judged within budget, never one tried for the first time.
 */
export type RatePlan = { start: number; factor: number; max: number; budgetMs: number };
export type RateState = { rate: number; lastGood: number | undefined; holding: boolean; steps: { rate: number; p99: number | undefined; verdict: string }[] };

export const initialRate = (plan: RatePlan): RateState => ({ rate: plan.start, lastGood: undefined, holding: false, steps: [] });

export function nextRate(
  plan: RatePlan,
  state: RateState,
  pagesP99: number | undefined,
  skip?: 'warm-up' | 'disturbed',
  next?: 'disturbance ahead',
): RateState {
  const record = (verdict: string) => [...state.steps, { rate: state.rate, p99: pagesP99, verdict }];
  if (state.holding) return { ...state, steps: record('held') };
  if (skip || pagesP99 === undefined) return { ...state, steps: record(`${skip ?? 'no pages'}: not judged`) };
  if (pagesP99 > plan.budgetMs) {
    // Past the budget: back to the last rate that held it (or this one, if even the first did not).
    const held = state.lastGood ?? state.rate;
    return { rate: held, lastGood: held, holding: true, steps: record('over budget: holding the last good rate') };
  }
  if (next) return { rate: state.rate, lastGood: state.rate, holding: false, steps: record(`within budget: ${next}, not stepping up`) };
  const higher = Math.min(plan.max, state.rate * plan.factor);
  if (higher === state.rate) return { rate: state.rate, lastGood: state.rate, holding: true, steps: record('at the ceiling: holding') };
  return { rate: higher, lastGood: state.rate, holding: false, steps: record('within budget: stepping up') };
}
