/** One finding of the abuse bench: what it measures, and the figures it answers (holds: the rule is kept). */
export type AbuseFigure = { figure: string; value: string | number; holds?: boolean };

export type AbuseScenario = {
  /** Short key for --only (mail, checkout-limit, csv, login-lock, callbacks, svg, slow-db, import, ...). */
  key: string;
  title: string;
  run: () => Promise<AbuseFigure[]>;
};
