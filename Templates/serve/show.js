// The end-of-day show, for a projector: the day's accepted photos (the judges' stars when they
// starred any), one every few seconds with its team and task, then the podium; then again, with
// whatever changed meanwhile. A team that said no on its page is left out; the photos are the
// server's re-encoded copies (no position, no device). While the leaderboard is frozen the podium
// waits for the reveal.
"use strict";

// `/show?seconds=8`: how long each photo stays (6 s unless told); the podium stays 20 s.
const asked = Number(new URLSearchParams(location.search).get("seconds"));
const SLIDE_MS = 1000 * (asked >= 1 && asked <= 60 ? asked : 6), PODIUM_MS = Math.max(20000, 2 * SLIDE_MS);

function slide(s, i, n) {
  Hunt.replace("caption", `${i + 1} / ${n}`);
  return Hunt.el("figure", { class: "slide" }, Hunt.el("img", { src: s.photo, alt: `${s.team} — ${s.task}` }),
    Hunt.el("figcaption", {}, Hunt.el("strong", {}, s.team), ` — ${s.task}`, s.at ? ` · ${Hunt.clock(s.at)}` : ""));
}

function podium(show) {
  Hunt.replace("caption", "");
  if (!show.podium) return Hunt.el("section", { class: "podium", id: "podium" }, Hunt.el("h2", {}, "The final ranking is revealed soon"));
  const places = show.podium.map((team) => Hunt.el("li", { class: "place-" + team.rank },
    Hunt.el("span", { class: "rank" }, team.rank), Hunt.el("span", { class: "name" }, team.name), Hunt.el("span", { class: "points" }, `${team.points} points`)));
  return Hunt.el("section", { class: "podium", id: "podium" }, Hunt.el("h2", {}, "The podium"), Hunt.el("ol", {}, places));
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function play() {
  for (;;) {
    let show;
    try { show = await Hunt.get("/api/show"); } catch (error) { Hunt.status(String(error.message || error)); await wait(5000); continue; }
    Hunt.status("");
    for (const [i, s] of show.slides.entries()) {
      Hunt.replace("stage", slide(s, i, show.slides.length));
      await wait(SLIDE_MS);
    }
    Hunt.replace("stage", podium(show));
    await wait(PODIUM_MS);
  }
}

Hunt.start().then(play).catch((error) => Hunt.status(String(error.message || error)));
