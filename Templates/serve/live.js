// The console's live day (LiveDay.swift): pause, resume or end the game, each after a
// confirmation, and announcements to every team or one; the state as every judge's console sees
// it, told over the console's stream.
"use strict";

const Live = {
  told: null,

  show(told) {
    Live.told = told;
    const phase = told.phase;
    const who = told.by ? ` (${told.by === "window" ? "the window closed" : "by " + told.by}${told.at ? " at " + Hunt.clock(told.at) : ""})` : "";
    const words = phase === "paused" ? "PAUSED" : phase === "ended" ? "ENDED" + (told.results_at ? ", results at " + told.results_at : "") : "running";
    const state = Hunt.replace("live-state", words + who);
    state.className = "live-" + phase;
    document.getElementById("live-pause").hidden = phase !== "running";
    document.getElementById("live-resume").hidden = phase === "running";
    document.getElementById("live-end").hidden = phase === "ended";
    Live.list(told);
    Hunt.replace("inbox-unread", told.unread ? `(${told.unread})` : "");
    document.getElementById("inbox-open").classList.toggle("unread", !!told.unread);
    // New messages while the inbox is open are shown there at once.
    if (document.getElementById("inbox-dialog").open) Hunt.get("/api/inbox").then(Live.showInbox).catch(() => {});
  },

  async change(action) {
    const body = { action, by: localStorage.getItem("hunt-judge-name") || "" };
    if (action === "pause" && !confirm("Pause the game? The teams' pages say so at once and their uploads are refused until you resume. Judging goes on.")) return;
    if (action === "resume" && !confirm("Resume the game? The teams may send photos again.")) return;
    if (action === "end") {
      const results = prompt("End the game for every team? Uploads are refused from now on; judging goes on.\n\nWhen are the results told? (optional, e.g. 17:30)", "");
      if (results === null) return;
      body.results_at = results;
    }
    try { Live.show(await Hunt.post("/api/live", body)); } catch (error) { alert(String(error.message || error)); }
  },

  // The announcements sent today (the hunt file's too, once due), newest first.
  list(told) {
    const teams = new Map(((Hunt.session && Hunt.session.teams) || []).map((t) => [t.id, t.name]));
    Hunt.replace("announce-list", (told.announcements || []).map((a) => Hunt.el("li", {},
      Hunt.el("b", {}, Hunt.clock(a.at) + " → " + (a.team ? (teams.get(a.team) || a.team) : "every team") + ": "), a.text)));
  },

  openAnnounce() {
    const select = document.getElementById("announce-team");
    if (select.options.length === 1) {
      for (const team of (Hunt.session && Hunt.session.teams) || []) select.append(Hunt.el("option", { value: team.id }, team.name));
    }
    Hunt.replace("announce-status");
    if (Live.told) Live.list(Live.told);
    document.getElementById("announce-dialog").showModal();
  },

  async announce(event) {
    event.preventDefault();
    const text = document.getElementById("announce-text").value.trim();
    const select = document.getElementById("announce-team");
    if (!text) return;
    const to = select.value ? "team " + select.options[select.selectedIndex].text : "every team";
    if (!confirm(`Send to ${to}?\n\n${text}`)) return;
    try {
      await Hunt.post("/api/announce", { text, team: select.value || null, by: localStorage.getItem("hunt-judge-name") || "" });
      document.getElementById("announce-text").value = "";
      Hunt.replace("announce-status", "sent to " + to);
    } catch (error) { Hunt.replace("announce-status", String(error.message || error)); }
  },

  // The teams' messages: one thread a team, unread ones counted on the button; opening the inbox reads them.
  async openInbox() {
    await Live.showInbox(await Hunt.get("/api/inbox"));
    document.getElementById("inbox-dialog").showModal();
    const by = localStorage.getItem("hunt-judge-name") || "";
    for (const thread of Live.inbox.threads.filter((t) => t.unread > 0)) {
      try { await Hunt.post("/api/inbox/read", { team: thread.team, by }); } catch (_) { /* counted again next time */ }
    }
  },

  async showInbox(inbox) {
    Live.inbox = inbox;
    Hunt.replace("inbox-threads", inbox.threads.length ? inbox.threads.map((thread) => {
      const box = Hunt.el("textarea", { rows: "2", cols: "60", maxlength: "1000", placeholder: "Reply to " + thread.name + " only" });
      const said = Hunt.el("span", {});
      const send = async () => {
        const text = box.value.trim();
        if (!text) return;
        try {
          await Hunt.post("/api/reply", { team: thread.team, text, by: localStorage.getItem("hunt-judge-name") || "" });
          await Live.showInbox(await Hunt.get("/api/inbox"));
        } catch (error) { said.textContent = String(error.message || error); }
      };
      return Hunt.el("section", { class: "thread", "data-team": thread.team },
        Hunt.el("h3", {}, thread.name + (thread.unread ? ` (${thread.unread} new)` : "")),
        Hunt.el("ol", {}, thread.lines.map((line) => Hunt.el("li", { class: line.from },
          Hunt.el("b", {}, (line.from === "team" ? thread.name : line.by || "organizers") + " " + Hunt.clock(line.at) + ": "), line.text))),
        box, " ", Hunt.el("button", { class: "accept", onclick: send }, "Reply"), " ", said);
    }) : Hunt.el("p", {}, "No messages yet."));
  },

  // queue.js starts the session (Hunt.start, the token the buttons send); this reads the state with the cookie.
  async start() {
    document.getElementById("live-pause").addEventListener("click", () => Live.change("pause"));
    document.getElementById("live-resume").addEventListener("click", () => Live.change("resume"));
    document.getElementById("live-end").addEventListener("click", () => Live.change("end"));
    document.getElementById("announce-open").addEventListener("click", () => Live.openAnnounce());
    document.getElementById("inbox-open").addEventListener("click", () => Live.openInbox());
    document.getElementById("inbox-close").addEventListener("click", () => document.getElementById("inbox-dialog").close());
    document.getElementById("announce-send").addEventListener("click", (event) => Live.announce(event));
    Live.show(await Hunt.get("/api/live"));
    const source = new EventSource("/api/events");
    source.addEventListener("live", (event) => Live.show(JSON.parse(event.data)));
    // A reconnection may have missed a change.
    source.onopen = async () => { try { Live.show(await Hunt.get("/api/live")); } catch (_) { /* said by the queue's status */ } };
  },
};

Live.start();
