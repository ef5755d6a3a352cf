// js/link/index.ts
var KEPT = "cardwidgets-deal-link";
function pageAddress() {
  const here = `${window.location.search}${window.location.hash}`;
  if (/(^|[?#&])deal=/.test(here)) return here;
  let kept = null;
  try {
    kept = window.sessionStorage.getItem(KEPT);
  } catch {
    kept = null;
  }
  return kept || here;
}
function render({ model, el: host }) {
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
var link_default = { render };
export {
  KEPT,
  link_default as default,
  pageAddress
};
