import { describe, expect, it } from "vitest";
import { deviceCookieName, rememberDevice, trustedDeviceId, TRUSTED_DEVICE_DAYS } from "./trusted-device.server";

const SECRET = "test-secret-test-secret-test-secret-0123";

/** What the browser sends back after a Set-Cookie, alongside its other cookies. */
const sentBack = (setCookie: string) => `theme=dark; ${setCookie.split(";")[0]}; site.session_token=abc`;

describe("remembered browsers", () => {
  it("remembers each account a shared computer signed in to, up to five, newest first", () => {
    let cookie = "";
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) {
      cookie = sentBack(rememberDevice(SECRET, `staff${n}@example.org`, cookie, false));
      ids.push(trustedDeviceId(SECRET, `staff${n}@example.org`, cookie, false)!);
    }
    expect(ids.every((id) => /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(6);
    // The five most recent accounts are remembered; the first has dropped out.
    for (let n = 2; n <= 6; n++) expect(trustedDeviceId(SECRET, `STAFF${n}@example.org `, cookie, false)).toBe(ids[n - 1]);
    expect(trustedDeviceId(SECRET, "staff1@example.org", cookie, false)).toBeNull();
  });

  it("signing in again to the same account replaces its token instead of adding one", () => {
    const first = sentBack(rememberDevice(SECRET, "chair@example.org", "", false));
    const other = sentBack(rememberDevice(SECRET, "treasurer@example.org", first, false));
    const again = rememberDevice(SECRET, "chair@example.org", other, false);
    const value = again.split(";")[0]!.split("=")[1]!;
    expect(value.split("~")).toHaveLength(2);
    expect(trustedDeviceId(SECRET, "treasurer@example.org", sentBack(again), false)).toBe(trustedDeviceId(SECRET, "treasurer@example.org", other, false));
    expect(trustedDeviceId(SECRET, "chair@example.org", sentBack(again), false)).not.toBe(trustedDeviceId(SECRET, "chair@example.org", first, false));
  });

  it("trusts no token made with another secret, for another account, altered or malformed", () => {
    const cookie = sentBack(rememberDevice(SECRET, "chair@example.org", "", false));
    expect(trustedDeviceId(SECRET, "chair@example.org", cookie, false)).not.toBeNull();
    expect(trustedDeviceId("another-secret-another-secret-another-0123", "chair@example.org", cookie, false)).toBeNull();
    expect(trustedDeviceId(SECRET, "treasurer@example.org", cookie, false)).toBeNull();
    const altered = cookie.replace(/(site\.device=[^;]*)(.)(;)/, (_, head: string, last: string, end: string) => `${head}${last === "x" ? "y" : "x"}${end}`);
    expect(altered).not.toBe(cookie);
    expect(trustedDeviceId(SECRET, "chair@example.org", altered, false)).toBeNull();
    for (const junk of ["", "site.device=", "site.device=abc.def", "site.device=~~~", `site.device=${"a".repeat(22)}.${"é".repeat(32)}`]) {
      expect(trustedDeviceId(SECRET, "chair@example.org", junk, false)).toBeNull();
    }
    // Over https only the __Host- cookie counts.
    expect(trustedDeviceId(SECRET, "chair@example.org", cookie, true)).toBeNull();
  });

  it("over https the cookie is __Host- and Secure; it lasts a year and scripts cannot read it", () => {
    const setCookie = rememberDevice(SECRET, "chair@example.org", "", true);
    expect(deviceCookieName(true)).toBe("__Host-site.device");
    expect(setCookie).toMatch(/^__Host-site\.device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    expect(TRUSTED_DEVICE_DAYS * 86_400).toBe(31_536_000);
    expect(trustedDeviceId(SECRET, "chair@example.org", sentBack(setCookie), true)).not.toBeNull();
  });
});
