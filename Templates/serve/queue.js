// The review queue: one submission at a time, its evidence, keys to decide.
"use strict";

const params = new URLSearchParams(location.search);
const Q = {
  items: [], // the current window of the filtered list
  offset: 0, // where that window starts in the list
  position: 0, // the item shown, in the window
  total: 0,
  item: null, // the item shown (may be opened by id, outside the window)
  history: [], // decisions made here, newest last (undo): {id, path, verdict} after each
  generation: 0,
  comparing: false,
};
const pageSize = 50;

function filters() {
  const query = new URLSearchParams();
  for (const key of ["task", "team", "reason", "verdict"]) {
    const value = document.getElementById("filter-" + key).value;
    if (value) query.set(key, value);
  }
  return query;
}

// Loads the window at `offset`, or with `around` (an item id) the window that holds that item.
async function loadWindow(offset, around) {
  const query = filters();
  query.set("offset", Math.max(0, offset));
  query.set("limit", pageSize);
  if (around) query.set("around", around);
  const answer = await Hunt.get("/api/queue?" + query);
  Q.items = answer.items;
  Q.offset = answer.offset;
  Q.total = answer.total;
  Q.generation = answer.generation;
  Hunt.replace("left", `${answer.undecided} to decide`);
  showUploads(answer.uploads_failing);
  const problem = document.getElementById("problem");
  const gone = answer.gone || [];
  const warnings = answer.warnings || [];
  problem.hidden = !answer.problem && gone.length === 0 && warnings.length === 0;
  problem.textContent = answer.problem || "";
  // The hunt file's warnings, as `hunt judge` prints them.
  for (const warning of warnings) problem.append(Hunt.el("div", { class: "warning" }, "warning: " + warning));
  if (gone.length) {
    // Decisions kept in the reviews file about photos that left the folder: shown, never lost.
    const names = gone.slice(0, 5).map((g) => `${g.path || g.id} (${g.decision}${g.by ? " by " + g.by : ""})`).join(", ");
    problem.append(Hunt.el("div", { id: "gone" }, `${gone.length} decided, photo gone: ${names}${gone.length > 5 ? ", …" : ""}. ` +
      "The decisions stay in the reviews file and count again if the photos come back."));
  }
  return answer;
}

// The players' uploads failing on the server's side (the submissions folder, the disk): said
// until one succeeds again.
function showUploads(failing) {
  const banner = document.getElementById("uploads");
  banner.hidden = !failing;
  banner.textContent = failing ? `uploads are failing: ${failing}. The teams' photos are not being kept; the terminal has a line per failed upload.` : "";
}

// Shows the item at `index` of the whole filtered list, loading its window if needed.
async function showIndex(index) {
  index = Math.max(0, index);
  if (index < Q.offset || index >= Q.offset + Q.items.length) await loadWindow(Math.floor(index / pageSize) * pageSize);
  if (Q.items.length === 0 && Q.offset > 0) await loadWindow(Math.max(0, Q.total - pageSize));
  Q.position = Math.min(index - Q.offset, Q.items.length - 1);
  show(Q.items[Q.position] || null);
}

function currentIndex() { return Q.offset + Q.position; }

// The photos starred for the end-of-day show (/show), by id; the star button says whether this one is.
const starred = new Set();

function markStar() {
  const button = document.getElementById("star");
  const on = Boolean(Q.item && starred.has(Q.item.id));
  button.textContent = on ? "In the show " : "Star for the show ";
  button.append(Hunt.el("kbd", {}, "f"));
  button.classList.toggle("starred", on);
  // An answer or a check-in has no photo to put on the big screen.
  const noPhoto = Boolean(Q.item && (Q.item.evidence.answer !== undefined || Q.item.evidence.position_source === "check-in"));
  button.disabled = !Q.item || noPhoto;
  button.title = noPhoto ? "an answer or a check-in has no photo for the show" : "";
}

async function star() {
  if (!Q.item || document.getElementById("star").disabled) return;
  try {
    const show = await Hunt.post("/api/star", { id: Q.item.id, starred: !starred.has(Q.item.id) });
    starred.clear();
    for (const id of show.starred_ids || []) starred.add(id);
    markStar();
    Hunt.status(`${starred.size} photo${starred.size === 1 ? "" : "s"} starred for the show`);
  } catch (error) { Hunt.status(String(error.message || error)); }
}

function show(item) {
  Q.item = item;
  Q.comparing = false;
  markStar();
  document.getElementById("note").value = "";
  if (!item) {
    Hunt.replace("photo", Hunt.el("div", { class: "placeholder" }, Q.total === 0 ? "Nothing to decide here." : "End of the list."));
    for (const id of ["task-title", "task-clue", "verdict", "why", "radar", "evidence", "decision", "position"]) Hunt.replace(id);
    document.getElementById("reference-box").hidden = true;
    document.getElementById("related-box").hidden = true;
    return;
  }
  Hunt.replace("position", `${currentIndex() + 1} of ${Q.total}` + (Hunt.session.blind ? "" : ` · ${item.team_name || item.team} · ${item.path}`));
  showPhoto(item);
  const task = item.task;
  Hunt.replace("task-title", task ? `${task.title} · ${task.points} points` : "No task could be told");
  Hunt.replace("task-clue", task && task.clue ? task.clue : "");
  Hunt.replace("verdict", Hunt.el("span", { class: "verdict " + item.verdict }, item.verdict),
    item.judged_verdict !== item.verdict ? ` (judged: ${item.judged_verdict})` : "", item.points ? ` · ${item.points} points` : "");
  Hunt.replace("why", item.why.length ? item.why.map((w) => Hunt.el("li", {}, Hunt.el("code", {}, w.code), " ", w.message,
    w.action !== "review" ? ` → ${w.action}` : "")) : Hunt.el("li", {}, "no findings"));
  showRadar(item);
  Hunt.replace("evidence", evidence(item));
  const referenceBox = document.getElementById("reference-box");
  referenceBox.hidden = !(task && task.reference);
  if (task && task.reference) Hunt.replace("reference", Hunt.el("img", { src: "/api/reference?task=" + encodeURIComponent(task.id), alt: "reference" }));
  const relatedBox = document.getElementById("related-box");
  relatedBox.hidden = item.related.length === 0;
  Hunt.replace("related", item.related.map((r) => Hunt.el("figure", {},
    Hunt.el("img", { src: r.photo + "&size=small", alt: r.role, class: "related-" + r.role }),
    Hunt.el("figcaption", {}, `${roleName(r.role)}: ${r.task || "?"} · ${Hunt.time(r.captured_at)} · ${r.verdict}`))));
  document.getElementById("compare").hidden = item.related.length === 0;
  const review = item.review;
  Hunt.replace("decision", review ? `Decided: ${review.decision}` + (review.by ? ` by ${review.by}` : "") + (review.note ? ` — “${review.note}”` : "") : "");
  history.replaceState(null, "", "/queue?" + filters() + "&id=" + encodeURIComponent(item.id));
}

function roleName(role) {
  return { "duplicate-of": "Same photo as", previous: "Team's photo before", next: "Team's photo after", after: "Earlier task", related: "Related" }[role] || role;
}

function showPhoto(item) {
  if (Q.comparing && item.related.length) {
    const figure = (src, caption) => Hunt.el("figure", {}, Hunt.el("img", { src, alt: caption }), Hunt.el("figcaption", {}, caption));
    Hunt.replace("photo", Hunt.el("div", { class: "compare" }, figure(item.photo, "This submission"),
      figure(item.related[0].photo, roleName(item.related[0].role) + (item.related[0].path ? " " + item.related[0].path : ""))));
    return;
  }
  if (item.shown.video) {
    Hunt.replace("photo", Hunt.el("div", { class: "placeholder" }, "▶ " + item.shown.video, Hunt.el("br"), "open the file to watch it"));
    return;
  }
  // An answer has no photo: what was typed beside what it is close to, for the judge to compare.
  const e = item.evidence;
  if (e.answer !== undefined) {
    const side = (label, text) => Hunt.el("figure", {}, Hunt.el("div", { class: "answer-text", dir: "auto" }, text), Hunt.el("figcaption", {}, label));
    Hunt.replace("photo", Hunt.el("div", { class: "compare" }, side("Typed (try " + (e.attempt || 1) + (e.attempts_allowed ? " of " + e.attempts_allowed : "") + ")", e.answer),
      side(e.answer_expected !== undefined ? "Close to" : "Matched", e.answer_expected !== undefined ? e.answer_expected : e.answer_matched || "—")));
    return;
  }
  // A check-in has no photo either: the browser's position is all there is, and the map shows it.
  if (e.position_source === "check-in") {
    Hunt.replace("photo", Hunt.el("div", { class: "placeholder" }, "A check-in: no photo", Hunt.el("br"),
      "the browser's position" + (e.browser_accuracy_m !== undefined ? " (±" + e.browser_accuracy_m + " m)" : "") + (e.stay_s !== undefined ? ", " + Math.round(e.stay_s) + " s into a stay" : "")));
    return;
  }
  const img = Hunt.el("img", { src: item.photo, alt: "the submission", id: "photo-img" });
  // The server says why there is none ("too large to preview: …", "this photo cannot be previewed: …").
  img.addEventListener("error", async () => {
    let why = "";
    try { const answer = await fetch(item.photo, { credentials: "same-origin" }); if (!answer.ok) why = (await answer.text()).trim(); } catch (_) { /* offline */ }
    Hunt.replace("photo", Hunt.el("div", { class: "placeholder" }, "No preview of this file", why ? Hunt.el("br") : null, why));
  });
  Hunt.replace("photo", img);
}

// The queue's items come without their map: it is asked for once the item is shown.
async function showRadar(item) {
  // An answer is judged by what was typed, not where: no map to draw.
  if (item.evidence.answer !== undefined) { Hunt.replace("radar", Hunt.el("p", {}, "An answer: judged by what was typed, not where.")); return; }
  if (item.radar === undefined && !item.mapped) {
    Hunt.replace("radar");
    try {
      const full = await Hunt.get("/api/item?id=" + encodeURIComponent(item.id));
      item.radar = full.radar;
      item.shown = full.shown;
    } catch (error) { return; }
    item.mapped = true;
    if (Q.item !== item) return;
  }
  Hunt.replace("radar", radar(item));
}

// The map the API sends (`radar`, metres east and north of the point the judge measured to): the
// target's circle, places or outline, and the photo where the judge's distance and bearing put it,
// with its accuracy circle and a line to the measured point; a photo too far to show sits on the
// edge as a marker with its distance. North up. Only metres are turned into pixels here.
function radar(item) {
  const map = item.radar, e = item.evidence;
  if (!map) return Hunt.el("p", {}, e.position ? "No target to draw the photo against." : "The photo has no position.");
  const size = 240, half = size / 2, scale = (half - 10) / map.reach_m;
  const sx = (east) => half + (east - map.centre.east_m) * scale, sy = (north) => half - (north - map.centre.north_m) * scale;
  const svg = Hunt.el("svg:svg", { viewBox: `0 0 ${size} ${size}`, class: "radar " + map.kind, role: "img", "aria-label": "map of the target and the photo" });
  for (const fraction of [0.33, 0.66, 1]) svg.append(Hunt.el("svg:circle", { cx: half, cy: half, r: (half - 10) * fraction, fill: "none", stroke: "#2a2e36" }));
  for (const polygon of map.polygons) {
    const d = polygon.map((ring) => "M" + ring.map((p) => `${sx(p.east_m).toFixed(1)} ${sy(p.north_m).toFixed(1)}`).join(" L") + " Z").join(" ");
    svg.append(Hunt.el("svg:path", { d, "fill-rule": "evenodd", class: "target", fill: "#2e9d5b33", stroke: "#2e9d5b", "stroke-width": 2 }));
  }
  for (const circle of map.circles) {
    svg.append(Hunt.el("svg:circle", { cx: sx(circle.east_m), cy: sy(circle.north_m), r: Math.max(1.5, circle.radius_m * scale),
      class: circle.judged ? "target judged" : "target other", fill: circle.judged ? "#2e9d5b33" : "#9aa0aa1a",
      stroke: circle.judged ? "#2e9d5b" : "#6b717c", "stroke-width": circle.judged ? 2 : 1 }, circle.name ? Hunt.el("svg:title", {}, circle.name) : null));
  }
  const measured = Hunt.el("svg:circle", { cx: sx(0), cy: sy(0), r: 3, fill: "#2e9d5b", class: "measured" });
  const photo = map.photo;
  if (photo.off_scale) {
    const x = sx(photo.marker.east_m), y = sy(photo.marker.north_m);
    svg.append(measured, Hunt.el("svg:line", { x1: sx(0), y1: sy(0), x2: x, y2: y, stroke: "#4b8bd6", "stroke-dasharray": "2 4" }),
      Hunt.el("svg:circle", { cx: x, cy: y, r: 6, fill: "none", stroke: "#4b8bd6", "stroke-width": 2, class: "photo off-scale" }),
      Hunt.el("svg:text", { x: Math.min(size - 4, Math.max(4, x)), y: y + (y > half ? -10 : 18), fill: "#4b8bd6", "font-size": 12,
        "text-anchor": x > half + 40 ? "end" : x < half - 40 ? "start" : "middle", class: "off-scale-label" }, `photo ${item.shown.away} away`));
  } else {
    const x = sx(photo.east_m), y = sy(photo.north_m);
    if (photo.accuracy_m) svg.append(Hunt.el("svg:circle", { cx: x, cy: y, r: Math.max(2, photo.accuracy_m * scale), fill: "#4b8bd633", stroke: "#4b8bd6", "stroke-dasharray": "4 3" }));
    svg.append(Hunt.el("svg:line", { x1: x, y1: y, x2: sx(0), y2: sy(0), stroke: "#4b8bd6", "stroke-dasharray": "2 3" }), measured,
      Hunt.el("svg:circle", { cx: x, cy: y, r: 5, fill: "#4b8bd6", stroke: "white", class: "photo" }));
  }
  svg.append(Hunt.el("svg:text", { x: half, y: 14, fill: "#9aa0aa", "text-anchor": "middle", "font-size": 12 }, "N"));
  svg.append(Hunt.el("svg:text", { x: 8, y: size - 8, fill: "#9aa0aa", "font-size": 11 }, `ring ${item.shown.ring}`));
  if (map.kind === "places") svg.append(Hunt.el("svg:text", { x: size - 6, y: size - 8, fill: "#9aa0aa", "font-size": 11, "text-anchor": "end" }, "around the nearest place"));
  return svg;
}

function evidence(item) {
  const e = item.evidence, rows = [];
  const add = (name, value) => { if (value !== undefined && value !== null && value !== "") rows.push(Hunt.el("dt", {}, name), Hunt.el("dd", {}, value)); };
  // Where the photo is, in the judge's own words (seen from the target: "30 m N of Bar El Federal").
  if (item.where_text) add("Where", item.where_text);
  else if (item.shown.distance) add("Distance", `${item.shown.distance} to the target`);
  add("From the edge", item.shown.edge);
  if (e.place) add("Place", e.place);
  add("Accuracy", item.shown.accuracy ? `${item.shown.accuracy} (${e.accuracy_source || "?"})` : null);
  add("Band", e.band);
  if (e.answer !== undefined) add("Sent", Hunt.time(e.captured_at));
  else add("Taken", e.captured_local ? `${Hunt.time(e.captured_local)} ${e.offset || ""}` + (e.time_source ? ` (${e.time_source})` : "") : "unknown");
  const window = item.task && item.task.window;
  if (window) add("Task window", `${Hunt.time(window.start)} – ${Hunt.time(window.end)}`);
  if (e.clock_skew_s !== undefined) add("Clock skew", `${e.clock_skew_s} s against GPS time`);
  add("Camera", [e.make, e.model].filter(Boolean).join(" "));
  add("Software", e.software);
  add("File", [e.format, e.duration_s ? `${e.duration_s} s` : null].filter(Boolean).join(" · "));
  if (e.error) add("Error", e.error);
  return rows;
}

async function askName() {
  let name = localStorage.getItem("hunt-judge-name");
  if (name) return name;
  const dialog = document.getElementById("name-dialog");
  dialog.showModal();
  await new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
  name = document.getElementById("name-input").value.trim();
  if (name) { localStorage.setItem("hunt-judge-name", name); showName(); }
  return name;
}

function showName() {
  const name = localStorage.getItem("hunt-judge-name");
  Hunt.replace("judge-name", name ? Hunt.el("a", { href: "#", title: "change", onclick: (e) => { e.preventDefault(); localStorage.removeItem("hunt-judge-name"); askName(); } }, name) : "");
}

// "IMG_0003.jpg: accepted, was review" — what the decision changed, in the API's words.
function changed(before, after) {
  const name = before.path ? before.path.split("/").pop() + ": " : "";
  return name + (after.change || after.verdict);
}

async function decide(decision) {
  const item = Q.item;
  if (!item) return;
  const by = await askName();
  if (!by) return;
  const note = document.getElementById("note").value.trim();
  Hunt.status("saving…");
  try {
    const body = { id: item.id, decision, by };
    if (note) body.note = note;
    const answer = await Hunt.post("/api/decisions", body);
    Q.history.push({ id: item.id, path: item.path, verdict: answer.decided[0].verdict });
    Hunt.status(changed(item, answer.decided[0]));
    await next(true);
  } catch (error) {
    Hunt.status("not saved: " + error.message);
  }
}

// After a decision the item may have left the list (it is decided): the next one is then at the same index.
async function next(decided) {
  const index = currentIndex();
  const leaves = decided && ["undecided", "review"].includes(document.getElementById("filter-verdict").value);
  await loadWindow(Math.floor((leaves ? index : index + 1) / pageSize) * pageSize);
  await showIndex(leaves ? index : index + 1);
}

async function undo() {
  const last = Q.history.pop();
  if (!last) { Hunt.status("nothing to undo here"); return; }
  try {
    const answer = await Hunt.post("/api/undo", { id: last.id, by: localStorage.getItem("hunt-judge-name") || "" });
    show(await Hunt.get("/api/item?id=" + encodeURIComponent(last.id)));
    Hunt.status("undone — " + changed(last, answer.decided[0]));
  } catch (error) { Hunt.status("not undone: " + error.message); }
}

async function openBulk() {
  const query = filters();
  query.set("limit", 1000);
  const answer = await Hunt.get("/api/queue?" + query);
  Hunt.replace("bulk-count", `${answer.items.length} of ${answer.total}`);
  Hunt.replace("bulk-items", answer.items.map((item) => Hunt.el("label", {},
    Hunt.el("img", { src: item.photo + "&size=small", alt: "", loading: "lazy" }),
    Hunt.el("input", { type: "checkbox", checked: true, value: item.id, "data-verdict": item.verdict }), " ",
    `${item.task ? item.task.title : "?"} · ${item.reasons.join(", ")}`)));
  document.getElementById("bulk").hidden = false;
}

async function decideBulk(decision) {
  const ids = [...document.querySelectorAll("#bulk-items input:checked")].map((box) => box.value);
  if (!ids.length) return;
  const by = await askName();
  if (!by) return;
  const note = document.getElementById("bulk-note").value.trim();
  try {
    const answer = await Hunt.post("/api/decisions", { ids, decision, by, note: note || undefined });
    const was = new Map([...document.querySelectorAll("#bulk-items input:checked")].map((box) => [box.value, box.dataset.verdict]));
    const moved = answer.decided.filter((d) => d.verdict !== was.get(d.id));
    Hunt.status(`${answer.decided.length} decided: ${moved.length} now ${decision === "accept" ? "accepted" : "rejected"}` +
      (moved.length ? `, was ${[...new Set(moved.map((d) => was.get(d.id)))].join(" or ")}` : ""));
    document.getElementById("bulk").hidden = true;
    await showIndex(0);
  } catch (error) { Hunt.status("not saved: " + error.message); }
}

// A new filter: the item shown stays if the filter shows it, else the first one it shows.
async function filterChanged() {
  const shown = Q.item && Q.item.id;
  const answer = await loadWindow(0, shown);
  await showIndex(answer.index !== undefined && answer.index !== null ? answer.index : 0);
}

function fillFilters(session) {
  const add = (id, options) => document.getElementById(id).append(...options.map(([value, name]) => Hunt.el("option", { value }, name)));
  add("filter-task", session.tasks.map((t) => [t.id, t.name]));
  add("filter-team", session.teams.map((t) => [t.id, t.name]));
  add("filter-reason", session.reasons.map((r) => [r, r]));
  document.getElementById("team-filter").hidden = session.blind;
  for (const key of ["task", "team", "reason", "verdict"]) {
    const select = document.getElementById("filter-" + key);
    if (params.get(key)) select.value = params.get(key);
    select.addEventListener("change", () => { select.blur(); filterChanged(); });
  }
}

// Keys belong to the queue everywhere but in a text field (a focused filter's type-ahead would
// otherwise take `a` for "ambiguous-task"); a dialog keeps its own keys.
function typing(element) {
  if (element.isContentEditable || element.tagName === "TEXTAREA") return true;
  return element.tagName === "INPUT" && !["checkbox", "radio", "button", "submit", "reset"].includes(element.type);
}

document.addEventListener("keydown", (event) => {
  if (typing(document.activeElement) || document.getElementById("name-dialog").open) {
    if (event.key === "Escape") document.activeElement.blur();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // Over the bulk list, only Esc (close): a letter must not decide the item behind it.
  if (!document.getElementById("bulk").hidden && event.key !== "Escape") return;
  const actions = {
    a: () => decide("accept"), r: () => decide("reject"), s: () => next(false), j: () => next(false), ArrowRight: () => next(false),
    k: () => showIndex(currentIndex() - 1), ArrowLeft: () => showIndex(currentIndex() - 1), u: undo,
    n: () => document.getElementById("note").focus(),
    c: () => { if (Q.item) { Q.comparing = !Q.comparing; showPhoto(Q.item); } },
    f: star,
    t: () => { if (Q.item && Q.item.team) location.href = "/team?team=" + encodeURIComponent(Q.item.team); },
    Escape: () => { document.getElementById("bulk").hidden = true; },
  };
  const action = actions[event.key];
  if (action) { event.preventDefault(); action(); }
});

for (const [id, action] of Object.entries({
  accept: () => decide("accept"), reject: () => decide("reject"), skip: () => next(false), previous: () => showIndex(currentIndex() - 1),
  undo, star, compare: () => { Q.comparing = !Q.comparing; showPhoto(Q.item); }, "bulk-open": openBulk,
  "bulk-accept": () => decideBulk("accept"), "bulk-reject": () => decideBulk("reject"), "bulk-close": () => { document.getElementById("bulk").hidden = true; },
})) document.getElementById(id).addEventListener("click", action);

Hunt.start().then(async (session) => {
  fillFilters(session);
  showName();
  for (const id of (await Hunt.get("/api/show")).starred_ids || []) starred.add(id);
  await loadWindow(0);
  const wanted = params.get("id");
  if (wanted) {
    const index = Q.items.findIndex((item) => item.id === wanted);
    // Ids last as long as the server: one from before a restart names nothing, so start at the first.
    const item = index >= 0 ? null : await Hunt.get("/api/item?id=" + encodeURIComponent(wanted)).catch(() => null);
    if (index >= 0) await showIndex(index); else if (item) show(item); else await showIndex(0);
  } else await showIndex(0);
  // Another judge's decision or new photos: refresh the counts and the list, keep the item shown.
  Hunt.events({
    uploads: (event) => showUploads(event.failing),
    judged: async (event) => {
      if (event.generation === Q.generation) return;
      const shownID = Q.item && Q.item.id;
      await loadWindow(Q.offset);
      if (!Q.item) await showIndex(currentIndex());
      else if (shownID) { const fresh = Q.items.find((item) => item.id === shownID); if (fresh && fresh.review !== Q.item.review) { Q.item = fresh; } }
    },
  });
}).catch((error) => Hunt.status(String(error.message || error)));
