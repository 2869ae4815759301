// The leaderboard screen: ranks and the latest accepted photos, redrawn on every change. While
// the hunt's leaderboard is frozen, viewers get the standings of the freeze's start and a banner;
// the judges get the truth, a note that players see it frozen, and Reveal, which plays the final
// ranking on every screen from last place up.
"use strict";

let shown = new Map();
let playing = false;

function row(team, judge, changed) {
  const name = judge ? Hunt.el("a", { href: "/team?team=" + encodeURIComponent(team.id) }, team.name) : team.name;
  return Hunt.el("tr", { class: changed ? "changed" : null, "data-team": team.id },
    Hunt.el("td", { class: "num" }, team.rank), Hunt.el("td", { class: "name", title: team.name }, name),
    Hunt.el("td", { class: "num points" }, team.points), Hunt.el("td", { class: "num" }, team.tasks_done));
}

function frozenNote(board, judge) {
  if (!board.frozen_since) return null;
  const since = Hunt.clock(board.frozen_since);
  if (!judge) return Hunt.el("p", { class: "frozen", id: "frozen" }, `Frozen since ${since}: the final ranking is revealed at the end.`);
  return Hunt.el("p", { class: "frozen", id: "frozen" }, `Players and the screens see the standings of ${since}; this is the truth. `,
    Hunt.el("button", { type: "button", id: "reveal", onclick: reveal }, "Reveal the final ranking"));
}

function draw(board) {
  if (playing) return;
  const judge = Hunt.session.role === "judge";
  Hunt.replace("summary", `${board.submissions} photos · ${board.undecided} to review`);
  Hunt.replace("freeze", frozenNote(board, judge));
  const rows = board.teams.map((team) => {
    const before = shown.get(team.id);
    return row(team, judge, before !== undefined && before !== team.points);
  });
  shown = new Map(board.teams.map((team) => [team.id, team.points]));
  Hunt.replace("ranks", rows).closest("table").style.setProperty("--rows", rows.length);
  Hunt.replace("recent", board.recent.map((recent) =>
    // Without photos (hunt serve --hide-board-photos) the screen still says who did what.
    Hunt.el("figure", {}, recent.photo ? Hunt.el("img", { src: recent.photo.replace("?", "?size=small&"), alt: recent.task }) : null,
      Hunt.el("figcaption", {}, `${Hunt.clock(recent.at)} ${recent.team} — ${recent.task}`))));
}

async function reveal() {
  if (!confirm("Reveal the final ranking on every screen and team page? The freeze ends for everyone.")) return;
  try { await Hunt.post("/api/reveal", {}); } catch (error) { Hunt.status(String(error.message || error)); }
}

// The final ranking from last place up: each row joins the table above the ones shown, slower
// for the podium; the whole plays in at most about 40 s however many teams there are.
async function play(board) {
  playing = true;
  const judge = Hunt.session.role === "judge";
  Hunt.replace("freeze", Hunt.el("p", { class: "frozen", id: "revealing" }, "The final ranking"));
  const table = Hunt.replace("ranks");
  table.closest("table").style.setProperty("--rows", board.teams.length);
  const step = Math.max(150, Math.min(1500, 30000 / Math.max(1, board.teams.length)));
  for (let i = board.teams.length - 1; i >= 0; i--) {
    const team = board.teams[i];
    table.prepend(row(team, judge, true));
    await new Promise((resolve) => setTimeout(resolve, team.rank <= 3 ? Math.max(step, 2500) : step));
  }
  shown = new Map(board.teams.map((team) => [team.id, team.points]));
  playing = false;
  Hunt.replace("freeze");
  draw(board);
}

Hunt.start().then(async () => {
  draw(await Hunt.get("/api/leaderboard"));
  Hunt.events({ leaderboard: draw, reveal: play });
}).catch((error) => Hunt.status(String(error.message || error)));
