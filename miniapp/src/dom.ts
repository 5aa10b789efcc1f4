// A small element builder: text is always set as text, never parsed as HTML.
type Child = Node | string | false | null | undefined;
type Attributes = Record<string, string | boolean | ((event: Event) => void) | undefined>;

export function el(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(name.replace(/^on/, ""), value);
    else if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    element.append(child);
  }
  return element;
}

/** Marks a notice that stays above whatever page is shown next in the main area (until it is removed). */
export function staysAbovePages(notice: HTMLElement): HTMLElement {
  notice.dataset.staysAbovePages = "";
  return notice;
}

/** The main area's content, replaced whole but for a notice that stays above the pages. */
function show(...children: Child[]): void {
  const main = document.getElementById("main");
  if (!main) return;
  const notices = [...main.querySelectorAll(":scope > [data-stays-above-pages]")];
  main.replaceChildren(...notices, ...children.filter((child): child is Node | string => Boolean(child)));
}

/**
 * What a page renders with: `show` for the page the customer is on now. A page that finishes
 * loading after the customer moved on shows nothing (it would cover the page they went to).
 */
export function screen(): (...children: Child[]) => void {
  const shownFor = window.location.hash;
  return (...children) => {
    if (window.location.hash === shownFor) show(...children);
  };
}
