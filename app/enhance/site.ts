/**
 * The public pages' only JavaScript (decision 010). React renders every
 * public page on the server and the browser never hydrates it; this script
 * adds back, on top of that HTML, the few things that need a script. Each
 * part finds its markup by a data attribute the component renders, and
 * every part leaves the page as it was (working, and readable) if it never
 * runs. No imports: it must stay a few kilobytes.
 */

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
const all = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => [...root.querySelectorAll<T>(selector)];
const number = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) ? Number(value) : fallback);

/** Light/dark without a reload: the same POST as without JavaScript, then the class on <html>. */
function themeToggle(form: HTMLFormElement) {
  form.addEventListener("submit", (event) => {
    const button = event.submitter as HTMLButtonElement | null;
    const theme = button?.value;
    if (theme !== "light" && theme !== "dark") return;
    event.preventDefault();
    const body = new FormData(form);
    body.delete("redirectTo"); // answered with the choice instead of a redirect to the page
    body.set("theme", theme);
    fetch(form.action, { method: "POST", body, credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        document.documentElement.className = theme;
        document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", theme);
        // The pressed button is hidden now: keep the keyboard user's place on its twin.
        form.querySelector<HTMLButtonElement>(`button[value="${theme === "dark" ? "light" : "dark"}"]`)?.focus();
      })
      .catch(() => {
        // Fall back to the plain post and reload; submit() sends no button, so name the choice.
        const choice = Object.assign(document.createElement("input"), { type: "hidden", name: "theme", value: theme });
        form.append(choice);
        form.submit();
      });
  });
}

/** The testimonials: one at a time, every few seconds, paused by hover, focus, the button or reduced motion. */
function carousel(root: HTMLElement) {
  const slides = all("[data-slide]", root);
  const dots = all<HTMLButtonElement>("[data-dot]", root);
  const control = root.querySelector<HTMLButtonElement>("[data-rotation-control]");
  const live = root.querySelector<HTMLElement>("[data-live]");
  const interval = number(root.dataset.interval, 5000);
  if (slides.length < 2 || !control) return;
  let index = 0;
  let playing = !reducedMotion();
  let hovered = false;
  let focused = false;
  let rotating = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const render = () => {
    slides.forEach((slide, i) => (slide.hidden = i !== index));
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
      const mark = dot.querySelector("[data-dot-mark]");
      mark?.classList.toggle("bg-primary", i === index);
      mark?.classList.toggle("bg-transparent", i !== index);
    });
    all("[data-icon]", control).forEach((icon) => icon.toggleAttribute("hidden", icon.dataset.icon !== (playing ? "pause" : "play")));
    const label = control.querySelector("[data-rotation-label]");
    if (label) label.textContent = playing ? "Pause testimonials" : "Play testimonials";
    const now = playing && !hovered && !focused;
    root.dataset.rotating = String(now);
    live?.setAttribute("aria-live", now ? "off" : "polite");
    if (now !== rotating) restart(now);
  };
  const restart = (run: boolean) => {
    rotating = run;
    clearInterval(timer);
    timer = run ? setInterval(() => show(index + 1), interval) : undefined;
  };
  const show = (i: number, byHand = false) => {
    index = (i + slides.length) % slides.length;
    // A slide chosen by hand gets its full time on screen.
    if (byHand && rotating) restart(true);
    render();
  };

  control.addEventListener("click", () => {
    playing = !playing;
    render();
  });
  dots.forEach((dot, i) => dot.addEventListener("click", () => show(i, true)));
  root.addEventListener("mouseenter", () => ((hovered = true), render()));
  root.addEventListener("mouseleave", () => ((hovered = false), render()));
  root.addEventListener("focusin", (event) => {
    // The pause button itself does not hold rotation, or "Play" could never resume it.
    focused = !(event.target as HTMLElement).closest("[data-rotation-control]");
    render();
  });
  root.addEventListener("focusout", (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) {
      focused = false;
      render();
    }
  });
  render();
}

/** The impact figures count up from 0 once in view; the server HTML already holds the final ones. */
function counters(list: HTMLElement) {
  const values = all("[data-value]", list);
  // Thousands with commas, as en-GB writes them. Not Intl.NumberFormat: the
  // first one a page makes loads the browser's locale data, ~35 ms of main
  // thread on this machine (~150 ms on Lighthouse's slowed phone), a long task.
  const format = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const paint = (progress: number) => {
    for (const v of values) v.textContent = `${format(Math.floor(number(v.dataset.value, 0) * progress))}${v.dataset.suffix ?? ""}`;
  };
  if (reducedMotion() || typeof IntersectionObserver === "undefined") {
    list.dataset.counterState = "done";
    return;
  }
  const duration = number(list.dataset.duration, 2000);
  const tick = number(list.dataset.tick, 16);
  list.dataset.counterState = "idle";
  paint(0);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      list.dataset.counterState = "counting";
      let elapsed = 0;
      const timer = setInterval(() => {
        elapsed += tick;
        const progress = Math.min(1, elapsed / duration);
        paint(progress);
        if (progress >= 1) {
          clearInterval(timer);
          list.dataset.counterState = "done";
        }
      }, tick);
    },
    { threshold: number(list.dataset.threshold, 0.1) },
  );
  observer.observe(list);
}

/** Click-to-load YouTube: nothing is asked of YouTube until play is pressed, then only youtube-nocookie.com. */
function youTube(link: HTMLAnchorElement) {
  link.addEventListener("click", (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    const src = link.dataset.embedSrc;
    if (!src) return;
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.title = link.dataset.title ?? "YouTube video";
    frame.className = "size-full";
    frame.allow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share";
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.allowFullscreen = true;
    const box = document.createElement("div");
    box.className = "aspect-video overflow-hidden rounded-lg bg-black shadow-lg";
    box.append(frame);
    link.replaceWith(box);
    // The link the visitor pressed is gone: keep their place on the player.
    frame.focus();
  });
}

/** A picture that fails tries the fallback pictures in turn; when they all fail it goes, placeholder and all. */
function image(box: HTMLElement) {
  const img = box.querySelector("img");
  if (!img) return;
  let fallbacks: string[] = [];
  try {
    fallbacks = JSON.parse(box.dataset.fallbacks ?? "[]");
  } catch {
    // No fallbacks: a failure hides the picture.
  }
  const loaded = () => {
    box.dataset.imageStatus = "loaded";
    box.querySelector("[data-image-placeholder]")?.remove();
  };
  const failed = () => {
    const next = fallbacks.shift();
    if (next === undefined) {
      box.remove();
      return;
    }
    // The generated sizes belong to the picture that failed.
    for (const source of all("source", box)) source.remove();
    img.removeAttribute("srcset");
    img.removeAttribute("sizes");
    box.dataset.imageStatus = "loading";
    img.src = next;
  };
  img.addEventListener("load", loaded);
  img.addEventListener("error", failed);
  // It may have finished (or failed) before this script ran.
  if (img.complete) {
    if (img.naturalWidth > 0) loaded();
    else if (img.currentSrc || img.getAttribute("src")) failed();
  }
}

/** One stand-in picture for a failed one (the dark logo falls back to the light one). */
function fallbackPicture(img: HTMLImageElement) {
  const swap = () => {
    const fallback = img.dataset.fallbackSrc;
    if (fallback && img.getAttribute("src") !== fallback) img.src = fallback;
  };
  img.addEventListener("error", swap);
  if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) swap();
}

/** Uploaded videos: a placeholder until the first frame is known, a message if the file cannot play. */
function video(box: HTMLElement) {
  const player = box.querySelector("video");
  if (!player) return;
  const ready = () => {
    box.dataset.videoStatus = "ready";
    box.querySelector("[data-video-placeholder]")?.remove();
  };
  const failed = () => {
    box.dataset.videoStatus = "error";
    const message = document.createElement("p");
    message.setAttribute("role", "status");
    message.className = "flex aspect-video w-full items-center justify-center p-6 text-center text-destructive";
    message.textContent = "This video could not be played.";
    box.replaceChildren(message);
  };
  player.addEventListener("loadedmetadata", ready);
  player.addEventListener("error", failed);
  if (player.error) failed();
  else if (player.readyState >= HTMLMediaElement.HAVE_METADATA) ready();
  const muted = player.dataset.muted === "true";
  player.muted = muted;
  player.defaultMuted = muted;
  if (player.dataset.autoplay === "true" && muted && !reducedMotion() && player.paused) {
    player.play().catch(() => {
      // Autoplay refused (e.g. data saver): the controls still let people start it.
    });
  }
}

/** The footer map: nothing from OpenStreetMap until asked; without a script the link opens it instead. */
function map(section: HTMLElement) {
  const button = section.querySelector<HTMLButtonElement>("[data-show-map]");
  const holder = section.querySelector<HTMLElement>("[data-map-placeholder]");
  if (!button || !holder || !section.dataset.embed) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    const frame = document.createElement("iframe");
    frame.title = section.dataset.title ?? "Map";
    frame.src = section.dataset.embed!;
    frame.className = "absolute inset-0 size-full";
    frame.loading = "lazy";
    frame.referrerPolicy = "no-referrer";
    holder.replaceWith(frame);
    frame.focus();
  });
}

/** Forms: focus the list of problems, or the confirmation, that the server sent back. */
function focusOnArrival() {
  document.querySelector<HTMLElement>("[data-autofocus]")?.focus();
}

/** Forms: say it is on its way and stop a second press sending it twice. */
function busyForm(form: HTMLFormElement) {
  form.addEventListener("submit", (event) => {
    const button = (event.submitter as HTMLButtonElement | null) ?? form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!button?.dataset.busyLabel) return;
    // After this task, so the pressed button's name and value are still sent.
    const label = button.textContent;
    setTimeout(() => {
      button.disabled = true;
      button.textContent = button.dataset.busyLabel!;
    });
    // Coming back with the browser's Back button shows the page as it was left: make it usable again.
    window.addEventListener(
      "pageshow",
      () => {
        button.disabled = false;
        button.textContent = label;
      },
      { once: true },
    );
  });
}

for (const form of all<HTMLFormElement>('form[data-enhance="theme"]')) themeToggle(form);
for (const root of all('[data-enhance="carousel"]')) carousel(root);
for (const list of all('[data-enhance="counters"]')) counters(list);
for (const link of all<HTMLAnchorElement>("a[data-youtube-id]")) youTube(link);
for (const box of all("[data-image-status]")) image(box);
for (const img of all<HTMLImageElement>("img[data-fallback-src]")) fallbackPicture(img);
for (const box of all("[data-video-status]")) video(box);
for (const section of all('[data-enhance="map"]')) map(section);
for (const form of all<HTMLFormElement>("form")) busyForm(form);
focusOnArrival();
// Done: tests (and anyone curious) can tell the page has been enhanced.
document.documentElement.dataset.enhanced = "true";
