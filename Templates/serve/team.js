// One team × every task: each submission with its verdict; a click opens it in the queue.
"use strict";

const teamID = new URLSearchParams(location.search).get("team") || "";

async function draw() {
  const grid = await Hunt.get("/api/team?team=" + encodeURIComponent(teamID));
  Hunt.replace("team", `${grid.name} — #${grid.rank}`);
  Hunt.replace("summary", `${grid.points} points · ${grid.tasks_done} of ${grid.tasks.length} tasks`);
  const cell = (c) => Hunt.el("a", { href: "/queue?verdict=all&id=" + encodeURIComponent(c.id), title: `${c.verdict} ${c.reasons.join(", ")}` },
    Hunt.el("img", { src: c.photo, class: c.verdict, alt: c.verdict }));
  // The hints the team bought for a task, each with when and what it cost (taken off its points).
  const hints = (task) => grid.hints_used.filter((h) => h.task === task.id).map((h) =>
    Hunt.el("p", { class: "hint-used" }, `Hint ${h.hint + 1} bought at ${h.at.slice(11, 16)}: -${h.cost} points`));
  const sections = grid.tasks.map((task) => Hunt.el("section", { class: task.done ? "done" : null },
    Hunt.el("h2", {}, `${task.title} (${task.points})`), ...hints(task), Hunt.el("div", { class: "cells" }, task.submissions.map(cell))));
  if (grid.unassigned.length) sections.push(Hunt.el("section", {}, Hunt.el("h2", {}, "No task"), Hunt.el("div", { class: "cells" }, grid.unassigned.map(cell))));
  Hunt.replace("grid", sections);
}

Hunt.start().then(async () => {
  await draw();
  Hunt.events({ judged: draw });
}).catch((error) => Hunt.status(String(error.message || error)));
