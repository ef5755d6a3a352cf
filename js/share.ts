// The Share button of a replay and of a Review entry: shows a deal link (core/links.py, made in Python)
// to copy, and copies it where the page may use the clipboard. The link holds the whole deal; the
// widgets offer it only where every hand is already shown.
import { t } from "./i18n.js";
import { el } from "./dom.js";
import type { Ui } from "./types.js";

/** The JupyterLite site's root as this page names it (`data-jupyter-lite-root`, e.g. ".."), or null elsewhere. */
export function liteRoot(): string | null {
  const config = document.getElementById("jupyter-config-data");
  return config ? config.getAttribute("data-jupyter-lite-root") : null;
}

/**
 * A link as the page can open it. A relative one (`lab/index.html?path=open.ipynb#deal=…`, a JupyterLite
 * site's page) is made absolute from the site's root on a JupyterLite page (`root`); elsewhere (JupyterLab
 * on a server, Voila) it is shown as it is: `HandReplay.from_link` reads it, and a site's address goes in front.
 */
export function absoluteLink(link: string, href: string, root: string | null): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || root === null) return link;
  try {
    const site = new URL(root.endsWith("/") ? root : `${root}/`, href);
    return /^https?:$/.test(site.protocol) ? new URL(link, site).href : link;
  } catch {
    return link; // no address to start from
  }
}

/** The Share button: a click shows `link()` (made absolute) under `place()`, selected, and copies it. */
export function shareButton(ui: Ui, link: () => string, place: (button: HTMLButtonElement) => HTMLElement): HTMLButtonElement {
  const button = el("button", "cw-command cw-share", t(ui, "share"));
  button.type = "button";
  button.dataset.command = "share";
  button.addEventListener("click", (event) => {
    event.stopPropagation(); // a Review entry's own click opens the entry
    const full = absoluteLink(link(), window.location.href, liteRoot());
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
