import { describe, expect, it } from "vitest";
import { AddressBuckets } from "./token-bucket";

/** A clock the test moves by hand, in milliseconds. */
function fakeClock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** How many requests in a row the address may make right now. */
function drain(buckets: AddressBuckets, address: string): number {
  let allowed = 0;
  while (buckets.take(address).allowed) allowed++;
  return allowed;
}

describe("per-address token buckets", () => {
  it("allows a burst, then refuses and says how long to wait", () => {
    const clock = fakeClock();
    const buckets = new AddressBuckets({ burst: 60, perSecond: 2 }, { now: clock.now });
    expect(drain(buckets, "203.0.113.9")).toBe(60);
    expect(buckets.take("203.0.113.9")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    const slow = new AddressBuckets({ burst: 20, perSecond: 1 / 6 }, { now: clock.now });
    expect(drain(slow, "203.0.113.9")).toBe(20);
    expect(slow.take("203.0.113.9")).toEqual({ allowed: false, retryAfterSeconds: 6 });
  });

  it("refills at its rate, never above the burst, and refused requests spend nothing", () => {
    const clock = fakeClock();
    const buckets = new AddressBuckets({ burst: 10, perSecond: 2 }, { now: clock.now });
    expect(drain(buckets, "203.0.113.9")).toBe(10);
    clock.advance(400);
    expect(buckets.take("203.0.113.9").allowed).toBe(false);
    // 0.4 s gave 0.8 of a request: the next whole one is 0.1 s away, which is said as a whole second.
    expect(buckets.take("203.0.113.9")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(100);
    expect(drain(buckets, "203.0.113.9")).toBe(1);
    clock.advance(1500);
    expect(drain(buckets, "203.0.113.9")).toBe(3);
    clock.advance(3_600_000);
    expect(drain(buckets, "203.0.113.9")).toBe(10);
  });

  it("keeps each address apart", () => {
    const clock = fakeClock();
    const buckets = new AddressBuckets({ burst: 5, perSecond: 1 }, { now: clock.now });
    expect(drain(buckets, "203.0.113.9")).toBe(5);
    expect(drain(buckets, "203.0.113.10")).toBe(5);
    expect(drain(buckets, "::ffff:203.0.113.11")).toBe(5);
    // The same IPv4 address written as IPv6 (a dual-stack socket) is the same visitor.
    expect(buckets.take("203.0.113.11").allowed).toBe(false);
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const clock = fakeClock();
    const buckets = new AddressBuckets({ burst: 5, perSecond: 1 }, { now: clock.now });
    for (const host of ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:0db8:0005:0006:aaaa:bbbb:cccc:dddd", "2001:DB8:5:6:ffff::", "2001:db8:5:6:1:2:3:4"]) {
      expect(buckets.take(host).allowed, host).toBe(true);
    }
    expect(buckets.take("2001:db8:5:6::99").allowed).toBe(false);
    expect(drain(buckets, "2001:db8:5:7::1")).toBe(5);
  });

  it("holds at most its number of addresses, forgetting the one seen longest ago", () => {
    const clock = fakeClock();
    const buckets = new AddressBuckets({ burst: 2, perSecond: 0.001 }, { now: clock.now, maxAddresses: 100 });
    // The first address runs out and keeps asking, so it stays the most recently seen.
    expect(drain(buckets, "198.51.100.1")).toBe(2);
    for (let i = 0; i < 10_000; i++) {
      buckets.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      if (i % 50 === 0) expect(buckets.take("198.51.100.1").allowed).toBe(false);
      expect(buckets.size).toBeLessThanOrEqual(100);
    }
    expect(buckets.size).toBe(100);
    // An address pushed out starts again with a full burst, as a new one would.
    expect(drain(buckets, "10.0.0.0")).toBe(2);
    expect(buckets.take("198.51.100.1").allowed).toBe(false);
  });
});
