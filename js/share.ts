// The Share button of a replay and of a Review entry: shows a deal link (core/links.py, made in Python)
// to copy, and copies it where the page may use the clipboard. The link holds the whole deal; the
// widgets offer it only where every hand is already shown.
import { t } from "./i18n.js";
import { el } from "./dom.js";
import type { Ui } from "./types.js";

/** A link as the page can open it: a relative one (`lab/index.html?path=open.ipynb#deal=…`) from this site's root. */
export function absoluteLink(link: string, href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return link;
  let page: URL;
  try {
    page = new URL(href);
  } catch {
    return link; // no address to start from (a page not served over http)
  }
  if (!/^https?:$/.test(page.protocol)) return link;
  const app = page.pathname.search(/\/(lab|notebooks|tree|voila|doc)(\/|$)/);
  const root = app >= 0 ? page.pathname.slice(0, app + 1) : page.pathname.replace(/[^/]*$/, "");
  return new URL(link, `${page.origin}${root}`).href;
}

/** The Share button: a click shows `link()` (made absolute) under `place()`, selected, and copies it. */
export function shareButton(ui: Ui, link: () => string, place: (button: HTMLButtonElement) => HTMLElement): HTMLButtonElement {
  const button = el("button", "cw-command cw-share", t(ui, "share"));
  button.type = "button";
  button.dataset.command = "share";
  button.addEventListener("click", (event) => {
    event.stopPropagation(); // a Review entry's own click opens the entry
    const full = absoluteLink(link(), window.location.href);
    const where = place(button);
    const old = where.querySelector(":scope > .cw-share-box");
    if (old) old.remove();
    const box = el("div", "cw-share-box");
    const field = el("input", "cw-share-link");
    field.readOnly = true;
    field.value = full;
    field.setAttribute("aria-label", t(ui, "share_label"));
    field.addEventListener("click", (inner) => inner.stopPropagation());
    const said = el("div", "cw-share-note", t(ui, "share_shown"));
    said.setAttribute("role", "status");
    box.append(field, said);
    where.appendChild(box);
    field.select();
    const clipboard = navigator.clipboard;
    if (clipboard && window.isSecureContext) {
      clipboard.writeText(full).then(() => (said.textContent = t(ui, "share_copied")), () => undefined);
    }
  });
  return button;
}
