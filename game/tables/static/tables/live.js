// A table with people redraws its board both for the page's own posts (a play, a bot's turn)
// and for the poll, so two redraws can come within one view transition of each other; a second
// transition would cut the first short (an error in the page). The later redraw is then made
// without one: the cards simply stand where they now are.
const TRANSITION_MS = 500; // longer than the cards' move (static/css/table.css)
let lastTransition = -Infinity;

document.addEventListener("htmx:beforeTransition", (event) => {
  const now = performance.now();
  if (now - lastTransition < TRANSITION_MS) {
    event.preventDefault();
    return;
  }
  lastTransition = now;
});
