// The one small DOM helper every front-end module uses.

/** A new element `tag` with an optional class name and text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
