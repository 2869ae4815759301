// The leaderboard screen: ranks and the latest accepted photos, redrawn on every change.
"use strict";

let shown = new Map();

function draw(board) {
  const judge = Hunt.session.role === "judge";
  Hunt.replace("summary", `${board.submissions} photos · ${board.undecided} to review`);
  const rows = board.teams.map((team) => {
    const before = shown.get(team.id);
    const changed = before !== undefined && before !== team.points;
    const name = judge ? Hunt.el("a", { href: "/team?team=" + encodeURIComponent(team.id) }, team.name) : team.name;
    return Hunt.el("tr", { class: changed ? "changed" : null, "data-team": team.id },
      Hunt.el("td", { class: "num" }, team.rank), Hunt.el("td", { class: "name", title: team.name }, name),
      Hunt.el("td", { class: "num points" }, team.points), Hunt.el("td", { class: "num" }, team.tasks_done));
  });
  shown = new Map(board.teams.map((team) => [team.id, team.points]));
  Hunt.replace("ranks", rows).closest("table").style.setProperty("--rows", rows.length);
  Hunt.replace("recent", board.recent.map((recent) =>
    // Without photos (hunt serve --hide-board-photos) the screen still says who did what.
    Hunt.el("figure", {}, recent.photo ? Hunt.el("img", { src: recent.photo.replace("?", "?size=small&"), alt: recent.task }) : null,
      Hunt.el("figcaption", {}, `${Hunt.clock(recent.at)} ${recent.team} — ${recent.task}`))));
}

Hunt.start().then(async () => {
  draw(await Hunt.get("/api/leaderboard"));
  Hunt.events({ leaderboard: draw });
}).catch((error) => Hunt.status(String(error.message || error)));
