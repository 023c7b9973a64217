import { describe, expect, it } from "vitest";
import { VALID_EVENT } from "../../../test/event-fixture";
import { eventSchema } from "./event.schema";

const valid = VALID_EVENT;

const errorsOf = (values: Record<string, string>) => {
  const result = eventSchema.safeParse({ ...valid, ...values });
  return result.success ? null : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("the event form's time", () => {
  it("refuses only a time the spring clock change skips in the UK, naming the time field; autumn's repeated hour stays", () => {
    // 29 March 2026: at 1am the clocks go straight to 2am.
    for (const time of ["01:00", "01:30", "01:59"]) {
      expect(errorsOf({ date: "2026-03-29", time }), time).toEqual([
        ["time", "That time does not exist in the UK: the clocks go forward from 1am to 2am that night. Choose another time"],
      ]);
    }
    // A regular session with a date and time is held to the same clock.
    expect(errorsOf({ regular: "on", scheduleNote: "Weekly", date: "2027-03-28", time: "01:15" })?.map(([field]) => field)).toEqual(["time"]);
    // The minutes either side of the gap, the same time on other days, and autumn's repeated hour are real times.
    for (const [date, time] of [
      ["2026-03-29", "00:59"],
      ["2026-03-29", "02:00"],
      ["2026-03-28", "01:30"],
      ["2026-03-30", "01:30"],
      ["2026-10-25", "01:00"],
      ["2026-10-25", "01:30"],
      ["2026-10-25", "01:59"],
    ]) {
      expect(errorsOf({ date, time }), `${date} ${time}`).toBeNull();
    }
  });
});

describe("the event form's image address", () => {
  it("accepts a library file's address as either storage gives it, /media/… or the bucket's public address, and nothing that could never be one", () => {
    for (const imageUrl of [
      "/media/events/fun-day.jpg",
      "/images/community.svg",
      "https://media.example.org/events/1767225600000-a1b2c3d4e5f6.jpg",
      "https://cdn.example.org/media/hero/photo.png",
      "http://127.0.0.1:9000/media/1767225600000-a1b2c3d4e5f6.png",
    ]) {
      expect(errorsOf({ imageUrl }), imageUrl).toBeNull();
    }
    // Whether an address of the right shape is one the library holds is the server's check (events.server.ts).
    for (const imageUrl of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//elsewhere.example/picture.jpg",
      "https://elsewhere.example",
      "https://user:secret@elsewhere.example/picture.jpg",
      "https://elsewhere.example/a picture.jpg",
      "ftp://elsewhere.example/picture.jpg",
      "picture.jpg",
      "/media/",
    ]) {
      expect(errorsOf({ imageUrl }), imageUrl).toEqual([["imageUrl", "Image must be a picture from the media library: choose one with the picker, or remove it"]]);
    }
  });
});
