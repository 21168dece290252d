// Sound at a game's table: off until switched on in the menu (remembered on this device), then
// a soft tick for each play, two notes when your turn comes, a bright run for a sweep and a
// short tune when your team wins the match. The notes are made here (Web Audio), no files.
const SOUND = "seep-sound";
let audio = null;

const soundOn = () => localStorage.getItem(SOUND) === "on";

const note = (frequency, start, length, volume = 0.12, type = "triangle") => {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  const at = audio.currentTime + start;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.05);
};

const TUNES = {
  play: () => note(660, 0, 0.08, 0.06, "square"),
  turn: () => { note(523, 0, 0.15); note(784, 0.12, 0.25); },
  sweep: () => [523, 659, 784, 1047].forEach((f, i) => note(f, i * 0.07, 0.3, 0.14)),
  won: () => [523, 659, 784, 659, 1047].forEach((f, i) => note(f, i * 0.14, 0.35, 0.14)),
};

const play = (tune) => {
  if (!soundOn()) return;
  audio = audio || new AudioContext();
  TUNES[tune]();
};

// What the board just redrawn shows that is worth a sound: the most important one only.
let shownPlays = null;
const soundFor = (board) => {
  const plays = board.querySelectorAll(".log-list .log-entry").length;
  const more = shownPlays !== null && plays > shownPlays;
  shownPlays = plays;
  if (board.querySelector(".match-end.is-won")) play("won");
  else if (more && board.querySelector(".sweep-moment")) play("sweep");
  else if (more && board.querySelector(".seep-table.is-your-turn")) play("turn");
  else if (more) play("play");
};

document.addEventListener("htmx:afterSettle", (event) => {
  const board = event.target instanceof Element ? event.target.closest("#board") : null;
  if (board) soundFor(board);
});

// The switch in the menu: shown only where this file runs; a press is also the gesture a
// browser asks for before a page may make a sound.
const showSwitch = () => {
  const board = document.querySelector("#board");
  if (board) shownPlays = board.querySelectorAll(".log-list .log-entry").length;
  for (const button of document.querySelectorAll(".sound-switch")) {
    button.hidden = false;
    button.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    button.addEventListener("click", () => {
      localStorage.setItem(SOUND, soundOn() ? "off" : "on");
      button.setAttribute("aria-pressed", soundOn() ? "true" : "false");
      play("turn");
    });
  }
};
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showSwitch);
else showSwitch();
