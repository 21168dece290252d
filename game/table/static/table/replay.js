// The replay's arrow keys, for every table's replay (the practice table's, a people table's):
// ← goes to the previous step and → to the next, by the replay's own Previous and Next links
// (htmx fetches them into the replay region; without this file the links still work). Keys
// meant for a form control or with a modifier are left alone.
document.addEventListener("keydown", (event) => {
  const rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
  if (rel === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target instanceof Element && event.target.closest("input, select, textarea")) return;
  const link = document.querySelector(`#replay a[rel="${rel}"]`);
  if (link === null) return;
  event.preventDefault();
  // A region htmx has just drawn is wired up a moment later (htmx:load); a click before that
  // would load the whole page.
  const drawing = link.closest(".htmx-added");
  if (drawing) drawing.addEventListener("htmx:load", () => link.click(), { once: true });
  else link.click();
});

// The step shown is kept in view in the list of plays, which scrolls on its own.
const showCurrentStep = () => {
  const current = document.querySelector('#replay .replay-list [aria-current="step"]');
  const list = current?.closest(".replay-list");
  if (!current || !list) return;
  const entry = current.closest("li");
  list.scrollTop = entry.offsetTop - (list.clientHeight - entry.offsetHeight) / 2;
};
document.addEventListener("htmx:afterSettle", showCurrentStep);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showCurrentStep);
else showCurrentStep();
