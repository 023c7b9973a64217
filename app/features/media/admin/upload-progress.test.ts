import { describe, expect, it } from "vitest";
import { EtaEstimator, formatEta } from "./upload-progress";

describe("upload ETA", () => {
  it("formats seconds for people", () => {
    expect(formatEta(0.4)).toBe("under a second");
    expect(formatEta(42)).toBe("42 s");
    expect(formatEta(125)).toBe("2 min 5 s");
    expect(formatEta(3 * 3600 + 120)).toBe("3 h 2 min");
    expect(formatEta(Number.NaN)).toBe("");
  });
  it("estimates the time left from the transfer rate", () => {
    const eta = new EtaEstimator();
    expect(Number.isNaN(eta.update(0, 100_000_000, 1000))).toBe(true);
    // 10 MB in 1 s: 90 MB left at 10 MB/s.
    expect(eta.update(10_000_000, 100_000_000, 2000)).toBeCloseTo(9, 5);
  });
});
