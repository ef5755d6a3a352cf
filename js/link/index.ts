// Deal-link reader (cardwidgets/widgets/deal_link.py): sends the page's address to the kernel, which
// reads it as a deal link (core/links.py: only the record parser runs on it) and shows the replay.
// The address is the query and fragment of this page; JupyterLite drops the fragment as it opens a
// notebook, so its page keeps it first in sessionStorage (lite/build.py, LINK_KEEPER).
import type { RenderProps } from "../types.js";

/** Where the JupyterLite page keeps the fragment it was opened with (the same name in lite/build.py). */
export const KEPT = "cardwidgets-deal-link";

/** The part of the page's address that may hold a deal link: `?…#…`, or what the page kept. */
export function pageAddress(): string {
  const here = `${window.location.search}${window.location.hash}`;
  if (/(^|[?#&])deal=/.test(here)) return here;
  let kept: string | null = null;
  try {
    kept = window.sessionStorage.getItem(KEPT);
  } catch {
    kept = null; // storage blocked: only the address itself
  }
  return kept || here;
}

interface LinkTraits {
  text: string;
}

function render({ model, el: host }: RenderProps<LinkTraits>): void {
  const line = document.createElement("div");
  line.className = "cw-link-status";
  line.setAttribute("role", "status");
  const draw = () => {
    line.textContent = model.get("text") || "";
  };
  model.on("change:text", draw);
  draw();
  host.appendChild(line);
  model.send({ address: pageAddress() });
}

export default { render };
