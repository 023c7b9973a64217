import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { closeToasts, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * The media library end to end: upload with a progress bar, the list and
 * the image picker, the quick uploader's messages, and a video assigned to
 * a page playing there.
 */

const ADMIN = { email: "media-admin@example.org", password: "media library e2e passphrase 5" };

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

async function signIn(page: Page, to: string): Promise<void> {
  await signInAs(page, ADMIN, to);
  await closeToasts(page, "Login Successful");
}

/** Reads a toast (and its description, if given), then closes every toast. */
async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first()).toContainText(description);
  await closeToasts(page);
}

/** A short WebM film made by the browser itself (no ffmpeg needed): a moving square. */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 120;
    const ctx = canvas.getContext("2d")!;
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => (recorder.onstop = r));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        ctx.fillStyle = "#1e3a8a";
        ctx.fillRect(0, 0, 160, 120);
        ctx.fillStyle = "#facc15";
        ctx.fillRect((t / 10) % 140, 40, 20, 20);
        if (t < 1500) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

test("an image uploaded in the Media tab shows a progress bar, then appears in the list and the image picker", async ({ page }) => {
  await signIn(page, "/admin/media");
  await expect(page.getByText("No media files uploaded yet. Upload your first file above!")).toBeVisible();
  await expectAccessible(page, "empty media library");

  const upload = page.locator("form", { has: page.getByRole("button", { name: "Upload File" }) });
  await upload.getByRole("button", { name: "Upload File" }).click();
  await expectToast(page, "Please select a file.");

  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2563eb" } }).jpeg().toBuffer();
  await upload.getByLabel("File").setInputFiles({ name: "summer-camp.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(upload.getByLabel("Alt text")).toHaveValue("summer-camp");
  await upload.getByLabel("Alt text").fill("Young people at the summer camp");
  await upload.getByLabel("Caption").fill("Summer camp 2026");
  await upload.getByLabel("Category").selectOption("hiking");
  await upload.getByRole("button", { name: "Upload File" }).click();

  const bar = page.getByRole("progressbar", { name: "Uploading summer-camp.jpg" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await expectToast(page, "Media file uploaded successfully!");
  await expect(page.getByRole("region", { name: "Uploads" }).getByText(/100%.*Done/)).toBeVisible();

  const item = page.getByRole("listitem", { name: "Young people at the summer camp" });
  await expect(item).toBeVisible();
  await expect(item.getByText("Active", { exact: true })).toBeVisible();
  await expect(item.getByText("Summer camp 2026")).toBeVisible();
  await expect(item.getByText("image/jpeg")).toBeVisible();
  await expect(item.getByRole("img", { name: "Young people at the summer camp" })).toBeVisible();

  const picker = page.locator("section", { has: page.getByRole("heading", { name: /Select Image \(\d+ available\)/ }) });
  await picker.getByRole("searchbox", { name: "Search images" }).fill("SUMMER CAMP");
  await expect(picker.getByRole("heading", { name: "Select Image (1 available)" })).toBeVisible();
  const choice = picker.getByRole("button", { name: /Young people at the summer camp/ });
  await choice.click();
  await expect(choice).toHaveAttribute("aria-pressed", "true");
  await expect(choice.getByText("Selected")).toBeAttached();
  await picker.getByRole("combobox", { name: "Category" }).selectOption("boxing");
  await expect(picker.getByText("No images found matching your criteria")).toBeVisible();
  await expectAccessible(page, "after an upload");

  // Deactivated, it leaves the picker; deleted (after confirming), it leaves the list.
  await item.getByRole("button", { name: "Deactivate Young people at the summer camp" }).click();
  await expectToast(page, "Media file updated successfully!");
  await expect(item.getByText("Inactive", { exact: true })).toBeVisible();
  await picker.getByRole("searchbox", { name: "Search images" }).fill("summer camp");
  await expect(picker.getByRole("heading", { name: "Select Image (0 available)" })).toBeVisible();

  await item.getByRole("link", { name: "Edit Young people at the summer camp" }).click();
  const edit = page.getByRole("form", { name: "Edit Young people at the summer camp" });
  await edit.getByLabel("Alt text").fill("Campers at the lake");
  await edit.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Media file updated successfully!");
  const renamed = page.getByRole("listitem", { name: "Campers at the lake" });
  await renamed.getByRole("button", { name: "Delete the file Campers at the lake" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Media file moved to the Bin");
  await expect(page.getByText("No media files uploaded yet. Upload your first file above!")).toBeVisible();
});

test("quick upload explains why it refuses an image over 10MB or a non-image, and uploads an image", async ({ page }) => {
  await signIn(page, "/admin/media");
  const quick = page.locator("section", { has: page.getByRole("heading", { name: "Quick image upload" }) });
  await expect(quick.getByText("Connected")).toBeVisible();
  const button = quick.getByRole("button", { name: "Upload Image" });
  await expect(button).toBeDisabled();

  const width = 2000;
  const height = Math.ceil((10.5 * 1024 * 1024) / (width * 3));
  const big = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
  await quick.getByLabel("Image file").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
  await expectToast(page, "File too large", "Please select an image smaller than 10MB.");
  await expect(button).toBeDisabled();

  await quick.getByLabel("Image file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expectToast(page, "Invalid file type", "Please select an image file.");

  // A text file that claims to be a PNG gets past the browser; the server reads its bytes.
  await quick.getByLabel("Image file").setInputFiles({ name: "sneaky.png", mimeType: "image/png", buffer: Buffer.from("<svg><script>alert(1)</script></svg>") });
  await expect(quick.getByLabel("Alt text")).toHaveValue("sneaky image");
  await button.click();
  await expectToast(page, "Invalid file type", "Please select an image file.");

  const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#16a34a" } }).png().toBuffer();
  await quick.getByLabel("Image file").setInputFiles({ name: "team-photo.png", mimeType: "image/png", buffer: logo });
  await expect(quick.getByLabel("Alt text")).toHaveValue("team-photo image");
  await quick.getByLabel("Alt text").fill("");
  await expect(button).toBeDisabled();
  await quick.getByLabel("Alt text").fill("Our football team");
  await quick.getByLabel("Section").selectOption("gallery");
  await quick.getByLabel("Category").selectOption("football");
  await button.click();
  await expectToast(page, "Image uploaded successfully");
  await expect(quick.getByText("Uploaded")).toBeVisible();
  await expect(quick.getByLabel("Alt text")).toHaveValue("");
  await expect(quick.getByRole("img", { name: "Our football team" })).toBeVisible();
  await expectAccessible(page, "after a quick upload");

  // The library list below shows it at once, without reloading the page.
  await closeToasts(page);
  const item = page.getByRole("listitem", { name: "Our football team" });
  await expect(item.getByText("Football", { exact: true })).toBeVisible();
  const src = await item.getByRole("img", { name: "Our football team" }).getAttribute("src");
  expect(src).toMatch(/^\/media\/gallery\/(\d{13}-[a-f0-9]{12}\.png|.+\.\d+w\.webp)$/);
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a video uploaded to the library and assigned to a page plays on that page", async ({ page }) => {
  await signIn(page, "/admin/media");
  const film = await recordWebm(page);
  expect(film.length).toBeGreaterThan(1000);

  const upload = page.locator("form", { has: page.getByRole("button", { name: "Upload File" }) });
  await upload.getByLabel("File").setInputFiles({ name: "open-day.webm", mimeType: "video/webm", buffer: film });
  await upload.getByLabel("Page").selectOption("join-us");
  await upload.getByLabel("Alt text").fill("Our open day in one minute");
  await upload.getByRole("button", { name: "Upload File" }).click();
  await expectToast(page, "Media file uploaded successfully!");
  const item = page.getByRole("listitem", { name: "Our open day in one minute" });
  await expect(item.getByText("video/webm")).toBeVisible();

  // Range requests let the browser seek.
  const src = await item.locator("video").getAttribute("src");
  const ranged = await page.request.get(src!, { headers: { Range: "bytes=0-9" } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()["content-range"]).toBe(`bytes 0-9/${film.length}`);
  expect((await ranged.body()).length).toBe(10);
  expect((await page.request.get(src!, { headers: { Range: `bytes=${film.length}-` } })).status()).toBe(416);

  await visit(page, "/join-us");
  const video = page.locator(`video[src="${src}"]`);
  await expect(video).toBeVisible();
  const played = await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`stuck at ${el.currentTime}`)), 10_000);
      const tick = () => (el.currentTime > 0.3 ? (clearTimeout(t), resolve()) : requestAnimationFrame(tick));
      tick();
    });
    return { time: el.currentTime, error: el.error?.code ?? null, width: el.videoWidth };
  });
  expect(played.error).toBeNull();
  expect(played.time).toBeGreaterThan(0.3);
  expect(played.width).toBe(160);
});

test("a library upload whose finishing answer is lost is finished again, never sent twice nor filed twice", async ({ page }) => {
  await signIn(page, "/admin/media");
  const upload = page.locator("form", { has: page.getByRole("button", { name: "Upload File" }) });
  const uploads = page.getByRole("region", { name: "Uploads" });
  // Bytes sent to the resumable endpoint, and answers to "finish" lost on their way back (the server did the work each time).
  let uploadRequests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/uploads")) uploadRequests += 1;
  });
  let toLose = 0;
  let storageFull = false;
  await page.route("**/api/media/complete", async (route) => {
    if (storageFull) {
      // The answer the server gives when the storage has no room for the file (uploads.server.ts).
      storageFull = false;
      const message = "Storage capacity exceeded. Please contact administrator to upgrade storage plan.";
      return route.fulfill({ status: 507, contentType: "application/json", body: JSON.stringify({ ok: false, message }) });
    }
    if (toLose === 0) return route.continue();
    toLose -= 1;
    await route.fetch();
    await route.abort("connectionreset");
  });
  const picture = (name: string, colour: string) => sharp({ create: { width: 400, height: 300, channels: 3, background: colour } }).png().toBuffer().then((buffer) => ({ name, mimeType: "image/png", buffer }));

  // Two answers lost: tried again by itself, and filed once.
  toLose = 2;
  await upload.getByLabel("File").setInputFiles(await picture("lost-answer.png", "#16a34a"));
  await upload.getByLabel("Alt text").fill("Allotment in bloom");
  await upload.getByRole("button", { name: "Upload File" }).click();
  await expectToast(page, "Media file uploaded successfully!");
  await expect(page.getByRole("listitem", { name: "Allotment in bloom" })).toHaveCount(1);

  // Every answer lost: the item offers to try finishing again, which needs no bytes sent again.
  toLose = 4;
  await upload.getByLabel("File").setInputFiles(await picture("never-answered.png", "#9333ea"));
  await upload.getByLabel("Alt text").fill("Mural on the youth centre wall");
  await upload.getByRole("button", { name: "Upload File" }).click();
  await expect(uploads.getByText("Failed to upload media file.")).toBeVisible({ timeout: 30_000 });
  await closeToasts(page);
  await expectAccessible(page, "an upload that could not be finished");
  const sent = uploadRequests;
  await uploads.getByRole("button", { name: "Try finishing never-answered.png again" }).click();
  await expectToast(page, "Media file uploaded successfully!");
  await expect(uploads.getByRole("listitem").filter({ hasText: "never-answered.png" }).getByText(/100%.*Done/)).toBeVisible();
  expect(uploadRequests).toBe(sent);
  await expect(page.getByRole("listitem", { name: "Mural on the youth centre wall" })).toHaveCount(1);

  // Storage full when finishing: the message telling staff to contact the administrator, not "Upload failed: …"; finishing later needs no bytes either.
  storageFull = true;
  await upload.getByLabel("File").setInputFiles(await picture("no-room.png", "#ea580c"));
  await upload.getByLabel("Alt text").fill("Sunflowers by the car park");
  await upload.getByRole("button", { name: "Upload File" }).click();
  const full = "Storage capacity exceeded. Please contact administrator to upgrade storage plan.";
  await expect(uploads.getByText(full, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Upload failed: ${full}`)).toHaveCount(0);
  await closeToasts(page);
  const sentBefore = uploadRequests;
  await uploads.getByRole("button", { name: "Try finishing no-room.png again" }).click();
  await expectToast(page, "Media file uploaded successfully!");
  expect(uploadRequests).toBe(sentBefore);
  await expect(page.getByRole("listitem", { name: "Sunflowers by the car park" })).toHaveCount(1);
});
