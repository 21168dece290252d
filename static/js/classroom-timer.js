// Counts down the time left on a timed classroom question, once a second. Only a display: the
// server refuses late answers whatever this shows, and every timer an htmx swap draws arrives
// with the server's own count (lessons/classroom/templates/classroom/timer.html).
window.setInterval(() => {
  for (const timer of document.querySelectorAll("[data-seconds-left]")) {
    const left = Math.max(0, Number(timer.dataset.secondsLeft) - 1);
    timer.dataset.secondsLeft = String(left);
    const seconds = timer.querySelector(".timer-seconds");
    if (seconds) seconds.textContent = String(left);
    const bar = timer.querySelector("progress");
    if (bar) bar.value = left;
    timer.classList.toggle("is-up", left === 0);
  }
}, 1000);
