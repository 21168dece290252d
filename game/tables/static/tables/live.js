// A table with people redraws its board both for the page's own posts (a play, a bot's turn)
// and for the poll, so two redraws can come within one view transition of each other; a second
// transition would cut the first short (an error in the page). The later redraw is then made
// without one: the cards simply stand where they now are.
const TRANSITION_MS = 500; // longer than the cards' move (static/css/table.css)
let lastTransition = -Infinity;
let redrawing = false; // a redraw waits for its view transition to begin

// Moving cards are drawn above the whole page: none start to move while the menu is open.
document.addEventListener("htmx:beforeTransition", (event) => {
  if (document.querySelector("details.site-menu[open]")) {
    event.preventDefault();
    return;
  }
  const now = performance.now();
  if (now - lastTransition < TRANSITION_MS) {
    event.preventDefault();
    return;
  }
  lastTransition = now;
  redrawing = true;
});

document.addEventListener("htmx:afterSwap", () => {
  redrawing = false;
});

// Two answers for the board must not swap out of order: one made at once while another waits
// for its transition would leave the waiting one a board no longer shown, and its news for the
// live region (out of band) nowhere to go. So an answer that comes while another redraw waits,
// or to a post from a board the poll has replaced since, is dropped: the board shown is as new,
// and the poll brings the table as it now is within the second.
document.addEventListener("htmx:beforeSwap", (event) => {
  const detail = event.detail;
  if (!detail.target || detail.target.id !== "board") {
    return;
  }
  const behind = detail.elt instanceof Element && !detail.elt.isConnected;
  const waiting = redrawing && performance.now() - lastTransition < TRANSITION_MS;
  if (behind || waiting) {
    detail.shouldSwap = false;
  }
});
