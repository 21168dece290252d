// The projector's keys and full screen. Enter or Space on the page moves the session on (the main
// step, #control-primary, as if pressed; on a button they press that button, as ever); Page Down
// and → do it from anywhere, as a presenter's remote sends them; F toggles full screen. A step
// marked data-press-after (ms) presses itself then, if it is still on the screen: the top five,
// halfway to a next question that comes by itself. Without this script the control strip's
// buttons work as they are.
const NEXT_FROM_ANYWHERE = new Set(["PageDown", "ArrowRight"]);
const NEXT_ON_THE_PAGE = new Set(["Enter", " "]);

function typing(target) {
  return Boolean(target.closest && target.closest("input, select, textarea, [contenteditable]"));
}

function onAControl(target) {
  return Boolean(target.closest && target.closest("a, button, summary"));
}

function toggleFullScreen() {
  if (document.fullscreenElement) {
    document.exitFullscreen();
  } else {
    document.documentElement.requestFullscreen().catch(() => {});
  }
}

function showFullScreenButtons() {
  for (const button of document.querySelectorAll("[data-fullscreen]")) {
    button.hidden = !document.fullscreenEnabled;
    button.setAttribute("aria-pressed", document.fullscreenElement ? "true" : "false");
  }
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
  if (event.key === "f" || event.key === "F") {
    event.preventDefault();
    toggleFullScreen();
    return;
  }
  const next = NEXT_FROM_ANYWHERE.has(event.key) ||
    (NEXT_ON_THE_PAGE.has(event.key) && !onAControl(event.target));
  const primary = document.getElementById("control-primary");
  if (next && primary) {
    event.preventDefault();
    primary.focus();
    primary.click();
  }
});

document.addEventListener("click", (event) => {
  if (event.target.closest && event.target.closest("[data-fullscreen]")) toggleFullScreen();
});
const timed = new WeakSet();

function pressWhenDue() {
  for (const step of document.querySelectorAll("[data-press-after]")) {
    if (timed.has(step)) continue;
    timed.add(step);
    window.setTimeout(() => {
      if (step.isConnected) step.click();
    }, Number(step.dataset.pressAfter));
  }
}

document.addEventListener("fullscreenchange", showFullScreenButtons);
document.addEventListener("htmx:afterSettle", () => {
  showFullScreenButtons();
  pressWhenDue();
});
showFullScreenButtons();
pressWhenDue();
