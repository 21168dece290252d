// The winner screen at a match's end (tables/table.html, match_end).
//
// - It comes into view whole when the last deal ends (its title has the focus already).
// - "Share this match": the phone's own share sheet where there is one, else the link copied,
//   said in words; without either (or without this file) it is a link to the shared page.
const showTheEnd = () => {
  document.querySelector(".match-end")?.scrollIntoView({ block: "start" });
};
document.addEventListener("htmx:afterSettle", showTheEnd);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showTheEnd);
else showTheEnd();

document.addEventListener("click", async (event) => {
  const link = event.target.closest?.("a.share-link");
  if (!link) return;
  const status = link.closest(".match-end")?.querySelector(".share-status");
  if (navigator.share) {
    event.preventDefault();
    try {
      await navigator.share({ title: link.dataset.shareTitle, url: link.href });
    } catch {
      // The person closed the share sheet: nothing to say.
    }
  } else if (navigator.clipboard) {
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(link.href);
      if (status) status.textContent = link.dataset.copied;
    } catch {
      window.location.assign(link.href);
    }
  }
});
