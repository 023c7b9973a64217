/**
 * The one inline script a public page carries (decision 010): once the page
 * has loaded, it adds the enhancement script (app/enhance/site.ts). Linked
 * from <head> as a module, that script was a second request that started
 * before the first paint; on a slow connection it competed with the page for
 * the first round trips and Lighthouse's simulated slow 4G counted it on the
 * way to the largest paint (~0.2 s). Nothing on a public page needs it to
 * show or to work (forms post, links are links, the menu is <details>), so
 * it can wait. The text is the same on every page of a build, so one CSP
 * hash covers it on cached pages; uncached ones carry the response's nonce.
 */
export function enhanceLoader(src: string): string {
  return `addEventListener("load",function(){var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(src)};document.head.appendChild(s)})`;
}
