// Counts down the time on a classroom screen: a timed question's, or the wait before the next
// question comes by itself ([data-ms-left], the server's count in milliseconds when the page or
// an htmx swap drew it). At a question's time-up a phone locks at once: every answer form in
// #live-body (its tiles, its table) is disabled and the "time is up" note ([data-time-up])
// shows. Only a display: the server refuses late answers whatever this shows.
(() => {
  const deadlines = new WeakMap(); // each timer drawn: when it runs out, on this page's clock

  const deadline = (timer) => {
    if (!deadlines.has(timer)) {
      deadlines.set(timer, performance.now() + Number(timer.dataset.msLeft || 0));
    }
    return deadlines.get(timer);
  };

  const lockAnswers = (body) => {
    if (body.classList.contains("is-locked")) return;
    body.classList.add("is-locked");
    for (const form of body.querySelectorAll("form")) {
      form.classList.add("is-locked");
      for (const control of form.querySelectorAll("button, input:not([type=hidden]), select")) {
        control.disabled = true;
      }
    }
    for (const note of body.querySelectorAll("[data-time-up]")) note.hidden = false;
  };

  const tick = () => {
    for (const timer of document.querySelectorAll("[data-ms-left]")) {
      const left = Math.max(0, deadline(timer) - performance.now());
      const seconds = String(Math.ceil(left / 1000));
      const shown = timer.querySelector(".timer-seconds");
      if (shown && shown.textContent !== seconds) shown.textContent = seconds;
      const bar = timer.querySelector("progress");
      if (bar) bar.value = left / 1000;
      timer.classList.toggle("is-up", left === 0);
      const body = timer.closest("#live-body");
      if (left === 0 && body && !timer.classList.contains("timer-next")) lockAnswers(body);
    }
  };

  tick();
  window.setInterval(tick, 200);
  document.addEventListener("htmx:afterSettle", tick);
})();
