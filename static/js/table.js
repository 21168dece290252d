// The Seep table's few lines of behaviour (game/table/templates/table/table.html). Without this
// file the table still works: picks are form inputs, and "What can this card do?" asks the server.
//
// - Picking cards asks nothing of the server: the listed plays that fit the picks are shown.
// - A card tapped on a touch screen with nothing picked on the floor, that has one play in all,
//   is played at once; a mouse click or the keyboard only chooses it (Enter plays it), as the
//   list of its plays is right beside it. A card played moves out of the hand at once, while the
//   server answers; a card tapped while it is not your turn says whose turn it is. A card may
//   also be dragged onto a floor card or a house (or the floor, to throw it).
// - Keyboard: in the hand, a rank key (A, 2-9, T or 0 for 10, J, Q, K) chooses that card, and
//   Enter plays the one play that fits (or moves to the list); arrows move through the list.
// - Plays that followed a right one in a lesson ([data-watch]) are shown one by one on the table.
// - After the table is redrawn: the verdict is scrolled into view, and focus goes to the hand
//   when the page put it nowhere else (htmx focuses an [autofocus] control, such as "Next").
(() => {
  document.documentElement.classList.add("js");

  const rankOfKey = (key) => {
    const k = key.toUpperCase();
    if (k === "0" || k === "1") return "T";
    return "A23456789TJQK".includes(k) && k.length === 1 ? k : null;
  };

  const visibleOptions = (form) =>
    [...form.querySelectorAll(".option-list [data-card]")].filter((li) => !li.hidden)
      .map((li) => li.querySelector("button"));

  const refresh = (form) => {
    const box = form.querySelector(".options[data-prompt-card]");
    if (!box) return;
    const chosen = form.querySelector('input[name="card"]:checked');
    const picks = [
      ...[...form.querySelectorAll('input[name="loose"]:checked')].map((i) => i.value),
      ...[...form.querySelectorAll('input[name="house"]:checked')].map((i) => `h${i.value}`),
    ];
    let fitting = 0;
    for (const li of box.querySelectorAll(".option-list [data-card]")) {
      const uses = li.dataset.uses.split(" ");
      const fits = chosen !== null && li.dataset.card === chosen.value
        && picks.every((p) => uses.includes(p));
      li.hidden = !fits;
      fitting += fits ? 1 : 0;
      li.querySelector("button").classList.toggle("button-primary", false);
    }
    const prompt = box.querySelector(".options-prompt");
    if (chosen === null) {
      prompt.textContent = box.dataset.promptPick;
      return;
    }
    const name = chosen.dataset.short;
    const plays = box.querySelectorAll(`.option-list [data-card="${chosen.value}"]`).length;
    if (plays === 0 && box.dataset.promptNothing) {
      prompt.textContent = box.dataset.promptNothing.replace("{card}", name);
    } else if (fitting === 1) {
      prompt.textContent = box.dataset.promptOne.replace("{card}", name);
      visibleOptions(form)[0].classList.add("button-primary");
    } else if (fitting === 0) {
      prompt.textContent = box.dataset.promptNone.replace("{card}", name);
    } else {
      prompt.textContent = box.dataset.promptCard.replace("{card}", name);
    }
  };

  const refreshAll = (root) => {
    for (const form of root.querySelectorAll(".seep-table .table-form")) refresh(form);
  };

  const handKey = (event, radio) => {
    const form = radio.form;
    const rank = rankOfKey(event.key);
    if (rank !== null && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const hand = [...form.querySelectorAll('input[name="card"]:not(:disabled)')];
      const same = hand.filter((r) => r.dataset.rank === rank);
      if (same.length === 0) return;
      const next = same[(same.indexOf(radio) + 1) % same.length];
      next.checked = true;
      next.focus();
      next.dispatchEvent(new Event("change", { bubbles: true }));
      event.preventDefault();
    } else if (event.key === "Enter") {
      const options = visibleOptions(form);
      if (options.length === 1) options[0].click();
      else if (options.length > 1) options[0].focus();
      else form.querySelector(".controls button")?.focus();
      event.preventDefault();
    }
  };

  const listKey = (event, button) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    const options = visibleOptions(button.form);
    const at = options.indexOf(button);
    options[(at + step + options.length) % options.length].focus();
    event.preventDefault();
  };

  // The hand card under the last finger (or pen): its change is a tap, not a click or a key.
  let tapped = null;
  document.addEventListener("pointerdown", (event) => {
    const label = event.pointerType === "mouse" ? null : event.target.closest?.(".seep-table .pick-hand");
    tapped = label ? label.querySelector('input[name="card"]') : null;
  });

  const playTheOnlyPlay = (form, radio) => {
    const picked = form.querySelector('input[name="loose"]:checked, input[name="house"]:checked');
    const plays = [...form.querySelectorAll(".option-list [data-card]")]
      .filter((li) => li.dataset.card === radio.value);
    if (picked !== null || plays.length !== 1) return;
    plays[0].querySelector("button").click();
  };

  // A card play leaves the hand at once, however it was made, before the server has answered;
  // the server's answer draws it where it went, or back in the hand with the rule it broke.
  document.addEventListener("click", (event) => {
    const button = event.target.closest?.(
      '.seep-table .table-form button[name="move"], .seep-table .table-form button[name="action"]',
    );
    if (!button || button.value.startsWith("bid")) return;
    const chosen = button.form.querySelector('input[name="card"]:checked');
    chosen?.closest(".pick-hand")?.classList.add("is-playing");
  });
  const cardComesBack = () => {
    for (const card of document.querySelectorAll(".seep-table .pick-hand.is-playing")) {
      card.classList.remove("is-playing");
    }
  };
  document.addEventListener("htmx:responseError", cardComesBack);
  document.addEventListener("htmx:sendError", cardComesBack);

  // A card tapped while it is not your turn: the line that says whose turn it is says it again.
  document.addEventListener("click", (event) => {
    const label = event.target.closest?.(".seep-table .pick-hand");
    if (!label || !label.querySelector('input[name="card"]:disabled')) return;
    const status = label.closest(".seep-table").querySelector(".table-status");
    if (!status) return;
    status.classList.remove("is-nudged");
    void status.offsetWidth; // start the nudge again
    status.classList.add("is-nudged");
    setTimeout(() => status.classList.remove("is-nudged"), 1500);
  });

  document.addEventListener("change", (event) => {
    const form = event.target.closest?.(".seep-table .table-form");
    if (!form) return;
    refresh(form);
    if (event.target === tapped) playTheOnlyPlay(form, event.target);
    tapped = null;
  });

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.closest(".seep-table")) return;
    if (target.matches('input[name="card"]')) handKey(event, target);
    else if (target.matches(".option-list button")) listKey(event, target);
  });

  // Dragging a card of the hand onto a floor card or a house picks both, as two taps would, and
  // makes the one play that fits; where several fit they are listed for a tap, and dropped on
  // the floor itself the card is thrown, if it may be. A shortcut only: taps and keys do it all.
  let drag = null;
  const DRAG_FROM = 12; // px a finger moves before a press becomes a drag

  const dropTarget = (x, y) => {
    const under = document.elementFromPoint(x, y);
    const pick = under?.closest?.(".seep-table .pick-floor, .seep-table .pick-house");
    if (pick?.querySelector("input:enabled")) return pick;
    return under?.closest?.(".seep-table .floor") || null;
  };

  const endDrag = () => {
    if (!drag) return;
    drag.ghost?.remove();
    drag.label.classList.remove("is-dragging");
    drag.over?.classList.remove("is-drop-target");
    drag = null;
  };

  document.addEventListener("pointerdown", (event) => {
    const label = event.target.closest?.(".seep-table .pick-hand");
    const radio = label?.querySelector('input[name="card"]:enabled');
    if (!radio || event.button !== 0) return;
    drag = { label, radio, x: event.clientX, y: event.clientY, id: event.pointerId };
  });

  document.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_FROM) return;
      drag.ghost = drag.label.querySelector("svg.card").cloneNode(true);
      drag.ghost.classList.add("drag-ghost");
      drag.ghost.removeAttribute("data-card"); // no second card of that name in a transition
      drag.ghost.setAttribute("aria-hidden", "true");
      document.body.append(drag.ghost);
      drag.label.classList.add("is-dragging");
    }
    drag.ghost.style.left = `${event.clientX}px`;
    drag.ghost.style.top = `${event.clientY}px`;
    const over = dropTarget(event.clientX, event.clientY);
    if (over !== drag.over) {
      drag.over?.classList.remove("is-drop-target");
      over?.classList.add("is-drop-target");
      drag.over = over;
    }
  });

  const dropped = (radio, over) => {
    const form = radio.form;
    for (const picked of form.querySelectorAll('input[name="loose"], input[name="house"]')) {
      picked.checked = false;
    }
    radio.checked = true;
    const pick = over.matches(".pick")
      ? over.querySelector('input[name="loose"], input[name="house"]') : null;
    if (pick) pick.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true }));
    radio.focus({ preventScroll: true });
    const fitting = visibleOptions(form);
    const throwing = fitting.filter((b) => b.value.startsWith("throw "));
    if (pick && fitting.length === 1) fitting[0].click();
    else if (!pick && throwing.length === 1) throwing[0].click();
  };

  document.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const { ghost, radio, over } = drag;
    endDrag();
    if (!ghost || !over) return;
    tapped = null; // a drop, not a tap: the card's own one play is not made for it
    dropped(radio, over);
    clickIsDrop = performance.now() + 500;
  });
  // The click that may follow a drop's release is not a tap on whatever lies under it.
  let clickIsDrop = 0;
  document.addEventListener("click", (event) => {
    if (performance.now() < clickIsDrop) {
      clickIsDrop = 0;
      event.preventDefault();
      event.stopPropagation();
    }
  }, { capture: true });
  document.addEventListener("pointercancel", endDrag);

  // A step that says "watch": the plays that followed a right one are drawn one by one on the
  // table, each line of the list coming with its table (kept in a <template>); the list is read
  // out as it grows. Without this script the list is all there, under the table as it ended.
  const WATCH_PACE = 1400; // ms between plays
  const watch = (box) => {
    if (box.dataset.watching) return;
    box.dataset.watching = "yes";
    const moments = [...box.querySelectorAll(".replies > li")];
    const again = box.querySelector(".watch-again");
    const table = () => box.closest(".step-body, main")?.querySelector(".seep-table");
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    let timer = null;
    const show = (index) => {
      if (!box.isConnected) return; // the learner has moved on
      const drawn = moments[index].querySelector("template").content.firstElementChild;
      const redraw = () => table()?.replaceWith(drawn.cloneNode(true));
      // The first is drawn as the page's own redraw draws the answer, within its transition.
      if (index > 0 && document.startViewTransition && !still && !document.hidden) {
        // A page's own redraw may cut this one short: the table is drawn all the same.
        document.startViewTransition(redraw).ready.catch(() => {});
      } else {
        redraw();
      }
      moments.forEach((li, at) => { li.hidden = at > index; });
      if (index + 1 < moments.length) timer = setTimeout(() => show(index + 1), WATCH_PACE);
      else again.hidden = false;
    };
    again.querySelector("button").addEventListener("click", () => {
      clearTimeout(timer);
      again.hidden = true;
      show(0);
    });
    show(0);
  };
  const watchAll = (root) => {
    for (const box of root.querySelectorAll("[data-watch]")) watch(box);
  };
  document.addEventListener("htmx:load", (event) => {
    if (event.target instanceof Element) watchAll(event.target);
  });

  // The whole log is a drawer: opened, it stays open through the table's redraws (this tab).
  const LOG_OPEN = "seep-log-open";
  const keepLogOpen = (table) => {
    const drawer = table.querySelector("details.play-log");
    if (!drawer) return;
    drawer.open = sessionStorage.getItem(LOG_OPEN) === "yes";
    drawer.addEventListener("toggle", () => {
      sessionStorage.setItem(LOG_OPEN, drawer.open ? "yes" : "no");
    });
  };

  const focusHand = (table) => {
    const hand = table.querySelector('input[name="card"]:checked:not(:disabled)')
      || table.querySelector('input[name="card"]:not(:disabled)')
      || table.querySelector(".bid-row button");
    hand?.focus({ preventScroll: true });
    return hand;
  };

  document.addEventListener("htmx:afterSettle", (event) => {
    const root = event.target;
    if (!(root instanceof Element)) return;
    refreshAll(root.parentElement || root);
    const table = root.matches(".seep-table") ? root : root.querySelector(".seep-table");
    if (!table) return;
    keepLogOpen(table);
    for (const log of table.querySelectorAll(".log-box")) log.scrollTop = log.scrollHeight;
    if (root.querySelector("[data-watch]")) {
      // Plays to watch: the table comes into view, with the verdict and the list under it.
      table.scrollIntoView({ block: "start" });
      return;
    }
    const lost = document.activeElement === null || document.activeElement === document.body;
    const hand = lost && table.dataset.canPlay === "yes" ? focusHand(table) : null;
    // The verdict sits just under the hand: bringing it into view brings the hand too.
    const verdict = table.querySelector("#table-feedback, #table-choices");
    const shown = verdict || hand;
    if (shown) shown.scrollIntoView({ block: "nearest" });
  });

  const start = () => {
    refreshAll(document);
    watchAll(document);
    for (const table of document.querySelectorAll(".seep-table")) keepLogOpen(table);
    for (const log of document.querySelectorAll(".seep-table .log-box")) {
      log.scrollTop = log.scrollHeight;
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
