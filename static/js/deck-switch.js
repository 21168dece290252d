// The four-colour deck switch posts through htmx, and the server answers with a
// "deck-changed" event (see game/views.py): recolour the page without reloading it.
document.addEventListener("deck-changed", (event) => {
  document.body.classList.remove("deck-two", "deck-four");
  document.body.classList.add(`deck-${event.detail.deck}`);
});
