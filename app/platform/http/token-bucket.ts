import { ipKey } from "#app/platform/rate-limit.server";

/**
 * A token bucket per visitor's address, kept in this process's memory: each
 * address may make `burst` requests at once, and its allowance refills at
 * `perSecond` up to the burst again. A request refused costs nothing, so
 * waiting as long as it is told (Retry-After) always works.
 *
 * Memory rather than the database, as sign-in's lock uses: the point is to
 * make a flood cheap, and a query per request would make every request
 * dearer. Behind several processes each keeps its own buckets, so an
 * address may get up to that many times the allowance; the limits are set
 * so far above what a person does that this still stops a flood, and the
 * limits that must hold exactly (sign-in, public forms) are in the database.
 */

export interface BucketLimits {
  /** Requests an address may make in a row before it must wait. */
  burst: number;
  /** How fast the allowance comes back, in requests a second. */
  perSecond: number;
}

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  /** When `tokens` was last worked out (the clock's milliseconds). */
  at: number;
}

/** Most addresses remembered at once (about 1.5 MB): see `take`. */
export const DEFAULT_MAX_ADDRESSES = 10_000;

export class AddressBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly maxAddresses: number;

  constructor(
    private readonly limits: BucketLimits,
    options: { now?: () => number; maxAddresses?: number } = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.maxAddresses = options.maxAddresses ?? DEFAULT_MAX_ADDRESSES;
  }

  /**
   * Spends one request of this address's allowance, or says how many whole
   * seconds until there is one. IPv6 addresses count by their /64 (`ipKey`,
   * as sign-in counts them): one connection usually owns a whole /64.
   */
  take(address: string): TakeResult {
    const key = ipKey(address);
    const now = this.now();
    const known = this.buckets.get(key);
    const tokens = known ? Math.min(this.limits.burst, known.tokens + ((now - known.at) / 1000) * this.limits.perSecond) : this.limits.burst;
    // Taken out and put back, so the Map's order is always least recently seen first.
    this.buckets.delete(key);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.limits.perSecond)) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    // Past the bound, the address seen longest ago goes. Its bucket has almost
    // always refilled (a full one is the same as none: a page bucket fills in
    // 30 s), unless more addresses than the bound asked within that time: a
    // flood from that many addresses is beyond what a per-address limit stops.
    // An address still being refused keeps asking, so it is never the oldest.
    while (this.buckets.size > this.maxAddresses) this.buckets.delete(this.buckets.keys().next().value!);
    return { allowed: true };
  }

  /** How many addresses are remembered. */
  get size(): number {
    return this.buckets.size;
  }
}
