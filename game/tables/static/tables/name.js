// The name a person sits down under is remembered on this device (its local storage, never
// sent anywhere but in the form), and offered again at the next table they join or make.
(() => {
  const KEY = "seep-table-name";
  const FIELDS = '.join-form input[name="name"], .sit-down input[name="name"], .new-table input[name="name"]';

  const offer = (root) => {
    const remembered = localStorage.getItem(KEY);
    if (!remembered) return;
    for (const input of root.querySelectorAll(FIELDS)) {
      if (!input.value) input.value = remembered;
    }
  };

  document.addEventListener("submit", (event) => {
    const input = event.target.querySelector?.('input[name="name"]');
    if (input && input.matches(FIELDS) && input.value.trim()) {
      localStorage.setItem(KEY, input.value.trim());
    }
  });
  document.addEventListener("htmx:afterSettle", (event) => offer(event.target));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => offer(document));
  else offer(document);
})();
