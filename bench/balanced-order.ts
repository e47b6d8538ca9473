/**
 * The order configurations take their turns in, round by round, so that none always follows the same one: whatever a
 * round leaves behind (a heap to collect, a shadow's last calls, warm caches) lands on every configuration alike.
 * A rotation of one fixed order would leave each configuration's cost on its fixed successor.
 */

/**
 * A Williams design over `n` configurations: every configuration runs once in each order, and over the whole set of
 * orders each one follows every other equally often (`n` orders for an even `n`, `2n` for an odd one).
 */
export function balancedOrders(n: number): number[][] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`balancedOrders needs a positive whole number, not ${n}`);
  // 0, 1, n-1, 2, n-2, …: every step between neighbours is a different distance modulo n.
  const first: number[] = [0];
  for (let low = 1, high = n - 1; first.length < n; ) first.push(first.length % 2 === 1 ? low++ : high--);
  const orders = Array.from({ length: n }, (_, shift) => first.map((config) => (config + shift) % n));
  // For an odd n the distances pair up (d and n-d); the orders reversed supply each pair's other direction.
  return n % 2 === 0 ? orders : [...orders, ...orders.map((order) => [...order].reverse())];
}
