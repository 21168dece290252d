// The practice board's "busy" answer (429: every Expert on the site is thinking) is drawn like a
// refusal: it says so, and a bot's turn asks again only after the wait the server gave.
document.addEventListener("htmx:beforeSwap", (event) => {
  const detail = event.detail;
  if (detail.xhr.status === 429 && detail.target && detail.target.id === "board") {
    detail.shouldSwap = true;
    detail.isError = false;
  }
});
