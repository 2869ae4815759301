// Shared by the console's pages: the API with the judge's token, live events, and building
// elements. Text from the judgement (names, paths, messages) only ever goes in as text.
"use strict";

const Hunt = {
  session: null,

  async start() {
    Hunt.session = await Hunt.get("/api/session");
    document.title = Hunt.session.title + " — " + document.title;
    for (const el of document.querySelectorAll("[data-title]")) el.textContent = Hunt.session.title;
    return Hunt.session;
  },

  async get(url) {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(await response.text());
    return response.json();
  },

  async post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Authorization": "Bearer " + (Hunt.session && Hunt.session.token) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(await response.text());
    return response.json();
  },

  // Server-Sent Events; the browser reconnects by itself.
  events(handlers) {
    const source = new EventSource("/api/events");
    for (const [name, handler] of Object.entries(handlers)) {
      source.addEventListener(name, (event) => handler(JSON.parse(event.data)));
    }
    source.onerror = () => Hunt.status("reconnecting…");
    source.onopen = () => Hunt.status("");
    return source;
  },

  // el("div", {class: "x"}, "text", child, ...)
  el(tag, attributes, ...children) {
    const node = tag.startsWith("svg:") ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4)) : document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },

  replace(id, ...children) {
    const node = document.getElementById(id);
    node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
    return node;
  },

  status(text) {
    const node = document.getElementById("status");
    if (node) node.textContent = text;
  },

  // "2026-05-02T10:27:27.5+02:00" → "2026-05-02 10:27:27 +02:00"
  time(text) {
    if (!text) return "—";
    return text.replace("T", " ").replace(/\.\d+/, "").replace(/([+-]\d\d:\d\d|Z)$/, " $1");
  },

  // Only the clock time: "10:27".
  clock(text) {
    const match = /T(\d\d:\d\d)/.exec(text || "");
    return match ? match[1] : "—";
  },
};
