// A game's board (#board: the practice table's, a table with people's) while it waits for the
// server, and when the server says to wait.
//
// - A form on the board with a request in flight is marked aria-busy (htmx disables its buttons,
//   hx-disabled-elt, and shows its "thinking…" line, hx-indicator).
// - The "busy" answer (429: every Expert on the site is thinking) is drawn like a refusal: it
//   says so, and a bot's turn asks again only after the wait the server gave.
const busyForm = (event) => {
  const elt = event.detail.elt;
  return elt instanceof Element ? elt.closest("#board form") : null;
};

document.addEventListener("htmx:beforeRequest", (event) => {
  busyForm(event)?.setAttribute("aria-busy", "true");
});

document.addEventListener("htmx:afterRequest", (event) => {
  busyForm(event)?.removeAttribute("aria-busy");
});

document.addEventListener("htmx:beforeSwap", (event) => {
  const detail = event.detail;
  if (detail.xhr.status === 429 && detail.target && detail.target.id === "board") {
    detail.shouldSwap = true;
    detail.isError = false;
  }
});
