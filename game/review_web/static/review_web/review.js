// Trying a reviewed play again: the Expert judges each try in about half a second.
//
// - The form in flight is marked aria-busy (the page's CSS then shows "judging…").
// - The "busy" answer (429: every Expert on the site is thinking) is drawn like a refusal, so
//   the player reads when to try again.
const tryForm = (event) => {
  const elt = event.detail.elt;
  return elt instanceof Element ? elt.closest("#try-body form") : null;
};

document.addEventListener("htmx:beforeRequest", (event) => {
  tryForm(event)?.setAttribute("aria-busy", "true");
});

document.addEventListener("htmx:afterRequest", (event) => {
  tryForm(event)?.removeAttribute("aria-busy");
});

document.addEventListener("htmx:beforeSwap", (event) => {
  const detail = event.detail;
  if (detail.xhr.status === 429 && detail.target && detail.target.id === "try-body") {
    detail.shouldSwap = true;
    detail.isError = false;
  }
});
