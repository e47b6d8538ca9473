import { describe, expect, it } from 'vitest';
import { balancedOrders } from '../bench/balanced-order.js';

/** How often each configuration directly follows each other one, over all the orders. */
function successions(orders: readonly (readonly number[])[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const order of orders) {
    for (let at = 1; at < order.length; at += 1) {
      const pair = `${order[at - 1]}>${order[at]}`;
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
  }
  return counts;
}

describe('balancedOrders', () => {
  it.each([2, 3, 4, 5, 6, 7, 8])('runs each of %i configurations once per order, each following every other equally often', (n) => {
    const orders = balancedOrders(n);
    expect(orders).toHaveLength(n % 2 === 0 ? n : 2 * n);
    for (const order of orders) expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, config) => config));
    const counts = successions(orders);
    expect(counts.size).toBe(n * (n - 1));
    expect(new Set(counts.values())).toEqual(new Set([n % 2 === 0 ? 1 : 2]));
  });

  it('refuses a count that is not a positive whole number', () => {
    expect(() => balancedOrders(0)).toThrow('balancedOrders needs a positive whole number, not 0');
    expect(() => balancedOrders(2.5)).toThrow(RangeError);
  });
});
