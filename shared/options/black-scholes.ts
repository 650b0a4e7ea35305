/** Inputs of the Black–Scholes (Black-76 on the forward) price and greeks. */
export interface OptionInputs {
  type: 'call' | 'put';
  forward: number;
  strike: number;
  /** Time to expiry in years. */
  years: number;
  /** Implied volatility, annualized (0.6 = 60 %). */
  vol: number;
  /** Risk-free rate, annualized. */
  rate?: number;
}

/** Price and greeks of a European option. */
export interface OptionValuation {
  price: number;
  delta: number;
  gamma: number;
  /** Per 1.00 change of vol. */
  vega: number;
  /** Per year. */
  theta: number;
  rho: number;
}

/** The standard normal cumulative distribution (Abramowitz–Stegun 26.2.17, |error| < 7.5e-8). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const density = Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
  const tail = density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x >= 0 ? 1 - tail : tail;
}

function normalPdf(x: number): number {
  return Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
}

/** Black-76 price and greeks for an option on a forward. */
export function blackScholes(inputs: OptionInputs): OptionValuation {
  const { forward: f, strike: k, years: t, vol: v } = inputs;
  const r = inputs.rate ?? 0;
  const discount = Math.exp(-r * t);
  const sqrtT = Math.sqrt(Math.max(t, 1e-9));
  const d1 = (Math.log(f / k) + 0.5 * v * v * t) / (v * sqrtT);
  const d2 = d1 - v * sqrtT;
  const call = inputs.type === 'call';
  const price = call ? discount * (f * normalCdf(d1) - k * normalCdf(d2)) : discount * (k * normalCdf(-d2) - f * normalCdf(-d1));
  const delta = call ? discount * normalCdf(d1) : -discount * normalCdf(-d1);
  const gamma = (discount * normalPdf(d1)) / (f * v * sqrtT);
  const vega = discount * f * normalPdf(d1) * sqrtT;
  const theta = (-discount * f * normalPdf(d1) * v) / (2 * sqrtT) + r * price;
  const rho = -t * price;
  return { price, delta, gamma, vega, theta, rho };
}
