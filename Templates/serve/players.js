// hunt serve: a team's page. It shows what /t/<token>/api/state says, in the server's words, and
// sends each chosen file's own bytes (never re-encoded), with the phone's position when it gives one.
'use strict';
const base = document.body.dataset.base;
const ACCEPT = 'image/jpeg,image/heic,image/heif,image/png,video/mp4,video/quicktime,.jpg,.jpeg,.heic,.heif,.mov,.mp4';
const P = { state: null, local: {}, guides: {} };  // local: task id -> uploads under way or just sent

// The page's words, in the language the server chose (Templates/languages/<code>.yaml, its
// `page.` keys): `{name}` placeholders are filled by say(); a counted text takes the form
// Intl.PluralRules gives its language for `n`. A file is "sent" only once the server has kept it.
// LANGUAGES: what the hunt offers, [code, own name], for the switch.
const PAGE = JSON.parse(document.getElementById('words').textContent);
const WORDS = PAGE.words || {};
const LANGUAGES = PAGE.languages || [];
const LANG = document.documentElement.lang || 'en';
const CHOSEN = 'hunt-language';  // localStorage: the language a player chose with the switch
const PLURAL = new Intl.PluralRules(LANG);
const NUMBER = new Intl.NumberFormat(LANG, { numberingSystem: 'latn' });  // digits as the server writes them

// WORDS['page.' + key] with each `{name}` replaced by values[name]; with values.n, the form for that count.
function say(key, values) {
  let text = WORDS['page.' + key];
  if (text === undefined) return key;
  if (typeof text === 'object') text = text[values && 'n' in values ? PLURAL.select(values.n) : 'other'] || text.other;
  const fill = (name) => (name === 'n' && typeof values.n === 'number' ? NUMBER.format(values.n) : String(values[name]));
  return text.replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? fill(name) : whole));
}

// A state's words on a chip: the page's own, else the server's.
function stateWords(state, text) { return WORDS['page.state.' + state] !== undefined ? say('state.' + state) : text; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value; else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);  // strings become text, never HTML
  return node;
}

function status(text) { document.getElementById('status').textContent = text || ''; }

function render() {
  const s = P.state;
  if (!s) return;
  document.title = s.team.name + ' · ' + s.title;
  document.getElementById('title').textContent = s.title;
  document.getElementById('team').textContent = s.team.name;
  const score = [];
  if (s.points !== undefined && s.points !== null) score.push(say('points', { n: s.points }));
  if (s.tasks_done !== undefined && s.tasks_done !== null) score.push(say('tasks-done', { done: s.tasks_done, n: s.task_count }));
  if (s.rank) score.push(say('rank', { rank: s.rank, teams: s.teams }));
  document.getElementById('score').textContent = score.join(' · ');
  const frozen = document.getElementById('frozen');
  frozen.textContent = s.frozen_text || '';
  frozen.hidden = !s.frozen_text;
  const main = document.getElementById('tasks');
  main.replaceChildren(...s.tasks.map(renderTask));
  showPosted();
  const other = document.getElementById('other');
  other.replaceChildren(...s.other.map(renderUpload));
  document.getElementById('other-section').hidden = s.other.length === 0;
  const board = document.getElementById('board');
  board.replaceChildren(...(s.leaderboard || []).map((row) => el('li', { class: row.own ? 'own' : null },
    el('span', { class: 'rank' }, String(row.rank)), el('span', { class: 'team' }, row.name), el('span', { class: 'pts' }, say('pts', { n: row.points })))));
  document.getElementById('board-section').hidden = !s.leaderboard;
  const inShow = document.getElementById('in-show');
  if (!inShow.disabled) inShow.checked = s.in_show !== false;
}

function renderTask(task) {
  const known = new Set(task.uploads.map((u) => u.id));
  // An upload the server now lists is shown as the server has it; the others as they go. A photo
  // the server already had stays as "already sent": the server's line for it looks unchanged.
  const local = (P.local[task.id] || []).filter((u) => !(u.id && known.has(u.id) && u.phase === 'done' && u.note !== 'already-sent'));
  P.local[task.id] = local;
  // "sent" only once the server kept a file; while one is on its way the task says so, no more.
  const sent = local.some((u) => u.phase === 'done');
  const going = local.some((u) => u.phase !== 'done' && u.phase !== 'failed');
  let state = task.state, words = stateWords(task.state, task.state_text);
  const moving = local.some((u) => u.phase === 'sending' || u.phase === 'retrying' || u.phase === 'position');
  if (task.state === 'todo' && sent) { state = 'sent'; words = say('send.sent'); } else if (task.state === 'todo' && going) words = say(moving ? 'send.sending' : 'send.waiting');
  // A group takes no photo of its own: its card lists its tasks and how far the team is.
  const inputs = task.sendable ? [sendButton(task, false)] : [];
  if (task.sendable && task.live) inputs.unshift(sendButton(task, true));
  const asked = task.question ? answerForm(task) : null;
  return el('article', { class: 'task' + (task.members ? ' group' : ''), id: 'task-' + task.id },
    // A group's member scores only through its group: its line says so instead of points.
    // The hunt's texts take their own direction (dir=auto): a Spanish title on an Arabic page keeps its full stop at its end.
    el('h2', {}, el('span', { dir: 'auto' }, task.title), task.group_text ? null : el('span', { class: 'points' }, say('pts', { n: task.points }))),
    task.clue ? el('p', { class: 'clue', dir: 'auto' }, task.clue) : null,
    task.locked_text ? el('p', { class: 'locked' }, task.locked_text) : null,
    task.hints ? hintList(task) : null,
    task.group_text ? el('p', { class: 'group-of' }, task.group_text) : null,
    task.live_text ? el('p', { class: 'live' }, task.live_text) : null,
    task.needs_text ? el('p', { class: 'needs' }, task.needs_text) : null,
    task.members ? el('ul', { class: 'members' }, ...task.members.map((m) =>
      el('li', {}, el('span', { class: 'state ' + m.state }, stateWords(m.state, m.state_text)), ' ', el('span', { dir: 'auto' }, m.title)))) : null,
    el('span', { class: 'state ' + state }, task.members ? task.progress_text : words),
    asked,
    inputs.length ? el('div', { class: 'send' }, ...inputs) : null,
    task.guide ? guideBlock(task) : null,
    task.check_in ? checkInBlock(task) : null,
    el('ul', { class: 'uploads' }, ...local.map(renderLocal), ...checkInUploads(task).map(renderUpload)));
}

// A task's hints: an open one with its text; one for sale as a button that asks first, then
// buys it (the server charges it once and answers with its text); one that opens by time says when.
const H = { text: {}, note: {}, buying: {} };

function hintList(task) {
  return el('ul', { class: 'hints' }, ...task.hints.map((h) => {
    const key = task.id + '#' + h.index;
    const text = h.text || H.text[key];
    const parts = [];
    if (text) {
      parts.push(el('span', { class: 'hint-label' }, h.label + ': '), el('span', { class: 'hint-text', dir: 'auto' }, text));
    } else {
      if (h.buy_text) parts.push(el('button', { type: 'button', class: 'hint-buy', disabled: !!H.buying[key], onclick: () => buyHint(task, h) }, h.buy_text));
      if (h.locked_text) parts.push(el('span', { class: 'hint-locked' }, h.locked_text));
    }
    if (H.note[key]) parts.push(el('span', { class: 'hint-note', 'aria-live': 'polite' }, H.note[key]));
    return el('li', { class: 'hint' + (text ? ' open' : ''), 'data-hint': key }, ...parts);
  }));
}

async function buyHint(task, h) {
  const key = task.id + '#' + h.index;
  if (!window.confirm(h.confirm_text)) return;
  H.buying[key] = true;
  render();
  try {
    const response = await fetch(base + '/hint?lang=' + encodeURIComponent(LANG), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ task: task.id, hint: h.index }) });
    if (response.ok) {
      H.text[key] = (await response.json()).text;
      delete H.note[key];
    } else if (response.status === 429) {
      H.note[key] = say('send.busy');
    } else {
      const why = (await response.text()).trim().replace(/\.$/, '');
      H.note[key] = why ? say('send.refused', { why }) : say('send.refused-no-words');
    }
  } catch (_) {
    H.note[key] = say('send.not-sent');
  }
  H.buying[key] = false;
  render();
}

// An answer or choice task: a text box (or the choices, in this team's own order, which the
// server gives), tries left, and the verdict of the last answer sent from this phone. What is
// typed and where the cursor was survive the page being drawn again when a state arrives.
const A = { typed: {}, chosen: {}, reply: {}, sending: {}, focus: null };

// This page, remembered on the phone: a poster's QR code opens /code (code.js), which names no
// team and sends the phone here with `#code=<task>:<CODE>`. The code is put in the task's box and
// the card scrolled to once drawn; the fragment is dropped so a reload does not bring it back.
try { localStorage.setItem('hunt-team-page', base); } catch (_) { /* private mode: scanning a poster asks for the team's link */ }
const POSTED = (() => {
  const m = /^#code=([^:]*):(.*)$/.exec(location.hash);
  if (!m) return null;
  history.replaceState(null, '', location.pathname + location.search);
  try { return { task: decodeURIComponent(m[1]), code: decodeURIComponent(m[2]).slice(0, 40), shown: false }; } catch (_) { return null; }
})();
if (POSTED) A.typed[POSTED.task] = POSTED.code;

function showPosted() {
  if (!POSTED || POSTED.shown) return;
  const card = document.getElementById('task-' + POSTED.task);
  if (!card) return;
  POSTED.shown = true;
  card.scrollIntoView({ block: 'center' });
}

function answerForm(task) {
  const reply = A.reply[task.id];
  // Done: no box to type in, only what the last answer from this phone was told.
  if (task.state === 'accepted') return reply && reply.message ? el('p', { class: 'answer-done', 'aria-live': 'polite' }, reply.message) : null;
  const left = reply && reply.tries_left !== undefined && task.state !== 'accepted' ? Math.min(reply.tries_left, task.tries_left) : task.tries_left;
  const closed = task.state === 'accepted' || left === 0;
  const form = el('form', { class: 'answer', onsubmit: (e) => { e.preventDefault(); sendAnswer(task); } });
  if (task.question === 'choices') {
    form.append(el('fieldset', { disabled: closed || A.sending[task.id] },
      el('legend', {}, say('answer.label', { task: task.title })),
      ...task.choices.map((choice, i) => el('label', { class: 'choice' },
        el('input', { type: 'radio', name: 'choice-' + task.id, value: choice, checked: A.chosen[task.id] === choice,
                      onchange: () => { A.chosen[task.id] = choice; } }),
        el('span', { dir: 'auto' }, choice)))));
  } else {
    // A code (from a poster) is letters and digits, left to right in every language.
    const code = task.question === 'code';
    if (code) form.classList.add('code');
    const box = el('input', { type: 'text', name: 'answer', dir: code ? 'ltr' : 'auto', maxlength: code ? '40' : '300', autocomplete: 'off',
                              autocapitalize: code ? 'characters' : 'off', spellcheck: 'false', enterkeyhint: 'send', disabled: closed || A.sending[task.id],
                              'aria-label': say(code ? 'code.label' : 'answer.label', { task: task.title }), value: A.typed[task.id] || '' });
    box.addEventListener('input', () => { A.typed[task.id] = box.value; });
    box.addEventListener('focus', () => { A.focus = task.id; });
    box.addEventListener('blur', () => { if (box.isConnected) A.focus = null; });
    if (A.focus === task.id) queueMicrotask(() => { box.focus(); const end = box.value.length; box.setSelectionRange(end, end); });
    form.append(box);
  }
  form.append(el('button', { type: 'submit', disabled: closed || A.sending[task.id] },
    A.sending[task.id] ? say('answer.sending') : say(task.question === 'code' ? 'code.send' : 'answer.send')));
  const notes = [];
  if (reply && reply.message) notes.push(reply.message);
  if (task.state !== 'accepted') notes.push(left > 0 ? say('answer.tries-left', { n: left }) : say('answer.no-tries'));
  form.append(el('p', { class: 'answer-note', 'aria-live': 'polite' }, notes.join(' ')));
  return form;
}

async function sendAnswer(task) {
  const answer = task.question === 'choices' ? A.chosen[task.id] : (A.typed[task.id] || '').trim();
  if (!answer) { A.reply[task.id] = { message: say('answer.choose') }; render(); return; }
  await postAnswer({ kind: 'answer', key: Date.now().toString(36) + Math.random().toString(36).slice(2), task: task.id, answer });
}

// Sends an answer; without a signal it is kept on the phone (`keepText`) and sent again when the
// signal is back or the page opens again — judged when it reaches the server. False when not sent.
async function postAnswer(item) {
  const taskID = item.task, answer = item.answer;
  A.sending[taskID] = true;
  render();
  let reply, sent = true;
  try {
    const response = await fetch(base + '/answer?lang=' + encodeURIComponent(LANG), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ task: taskID, answer }) });
    forgetText(item.key);
    if (response.ok) {
      reply = await response.json();
      const code = P.state && P.state.tasks.some((t) => t.id === taskID && t.question === 'code');
      reply.message = reply.state === 'accepted' ? say('answer.right') : reply.state === 'review' ? say(code ? 'code.review' : 'answer.review') : reply.why.join(' ');
      if (reply.state !== 'rejected') A.typed[taskID] = '';
    } else if (response.status === 429) {
      reply = { message: say('send.busy') };
    } else {
      const why = (await response.text()).trim().replace(/\.$/, '');
      reply = { message: why ? say('send.refused', { why }) : say('send.refused-no-words') };
    }
  } catch (_) {
    keepText(item);
    sent = false;
    reply = { message: say('answer.kept') };
  }
  A.sending[taskID] = false;
  A.reply[taskID] = reply;
  render();
  return sent;
}

// Answers, check-ins and messages sent without a signal, kept in this phone's storage (small texts:
// localStorage) until the server has them; another team's page on the phone keeps its own.
const TEXTS = 'hunt-pending-texts:' + base;

function pendingTexts() {
  try { return JSON.parse(localStorage.getItem(TEXTS) || '[]'); } catch (_) { return []; }
}

function keepText(item) {
  try { localStorage.setItem(TEXTS, JSON.stringify(pendingTexts().filter((i) => i.key !== item.key).concat(item))); } catch (_) { /* private mode */ }
}

function forgetText(key) {
  try { localStorage.setItem(TEXTS, JSON.stringify(pendingTexts().filter((i) => i.key !== key))); } catch (_) { /* private mode */ }
}

// Sends what was kept, oldest first, until one finds no signal again.
async function flushTexts() {
  if (!navigator.onLine) return;
  for (const item of pendingTexts()) {
    const sent = item.kind === 'answer' ? await postAnswer(item) : item.kind === 'check-in' ? await postCheckIn(item) : await postMessage(item);
    if (!sent) return;
  }
}

function sendButton(task, camera) {
  const input = el('input', { type: 'file', accept: ACCEPT, multiple: camera ? null : true, capture: camera ? 'environment' : null,
                              'aria-label': say(camera ? 'take-photo-for' : 'send-photo-for', { task: task.title }) });
  input.addEventListener('change', () => {
    const files = Array.from(input.files || []);
    input.value = '';
    if (files.length) send(task.id, files, camera);
  });
  // On a live task the gallery button stays (a judge may still accept) but says it won't count.
  const words = camera ? say('take-photo') : task.gallery_text || say('send-photo');
  return el('label', { class: camera ? 'camera' : task.gallery_text ? 'gallery' : null }, input, el('span', {}, words));
}

function renderUpload(upload) {
  const line = el('div', { class: 'line' }, el('span', { class: 'state ' + upload.state }, stateWords(upload.state, upload.state_text)),
    el('span', { class: 'name' }, upload.name + (upload.points ? ' · ' + say('pts', { n: upload.points }) : '')));
  if (upload.can_withdraw) line.append(el('button', { class: 'withdraw', type: 'button', onclick: () => withdraw(upload) }, say('withdraw')));
  return el('li', {}, line, upload.why.length ? el('ul', { class: 'why' }, ...upload.why.map((w) => el('li', {}, w))) : null);
}

function renderLocal(u) {
  const offline = u.phase === 'waiting' && !navigator.onLine;
  const words = u.phase === 'done' ? say('send.' + (u.note || 'sent')) : u.phase === 'failed' ? say('send.not-sent')
    : say('send.' + (offline ? 'offline' : u.phase));
  const chip = u.phase === 'failed' ? 'rejected' : u.phase === 'done' ? 'sent' : 'todo';
  const line = el('div', { class: 'line' }, el('span', { class: 'state ' + chip }, words),
    el('span', { class: 'name' }, u.file.name));
  if ((u.phase === 'failed' && u.retryable) || (u.phase === 'waiting' && u.tries)) {
    line.append(el('button', { class: 'retry', type: 'button', onclick: () => tryAgain(u) }, say('send.try-again')));
  }
  u.bar = el('progress', { max: '100', value: String(u.percent || 0) });
  return el('li', {}, line, u.phase === 'sending' || u.phase === 'retrying' ? u.bar : null,
    u.message || offline ? el('ul', { class: 'why' }, el('li', {}, u.message || say('send.kept'))) : null);
}

// A guided task (`live: bands` or `live: direction`): while its button is on, the phone's position
// goes to the server at most every 3 s, which answers the band and warmer/colder (never a distance
// or a way), or the way and the distance; nothing is kept on the server but the last distance.
function guideBlock(task) {
  const g = P.guides[task.id];
  const button = el('button', { type: 'button', class: 'guide-toggle', onclick: () => (g ? stopGuide(task.id) : startGuide(task.id)) },
    g ? say('guide.stop') : say('guide.' + task.guide));
  const a = g && g.answer;
  let shown = null;
  if (g && g.problem) shown = el('p', { class: 'guide-problem' }, g.problem);
  else if (a && a.guide === 'bands') {
    shown = el('p', { class: 'guide-now' }, el('span', { class: 'band band-' + a.band }, a.band_text), a.trend_text ? el('span', { class: 'trend trend-' + a.trend }, a.trend_text) : null);
  } else if (a && a.guide === 'direction') {
    // Turned through the style object: the page's CSP refuses style attributes.
    const arrow = a.inside ? null : el('span', { class: 'arrow', 'aria-hidden': 'true' }, '↑');
    if (arrow) arrow.style.transform = 'rotate(' + a.bearing_deg + 'deg)';
    shown = el('p', { class: 'guide-now' }, arrow, el('span', { class: 'distance' }, a.distance_text));
  }
  return el('div', { class: 'guide', id: 'guide-' + task.id }, button, shown,
    g && task.guide === 'direction' ? el('p', { class: 'guide-note' }, say('guide.north-up')) : null);
}

function startGuide(taskID) {
  if (!window.isSecureContext || !navigator.geolocation) { P.guides[taskID] = { problem: say('guide.no-position') }; render(); return; }
  const g = { sentAt: 0, answer: null, problem: null };
  P.guides[taskID] = g;
  g.watch = navigator.geolocation.watchPosition((p) => guideFix(taskID, g, p.coords),
    () => { g.problem = say('guide.no-position'); render(); }, { enableHighAccuracy: true, maximumAge: 2000 });
  render();
}

function stopGuide(taskID) {
  const g = P.guides[taskID];
  if (g && g.watch !== undefined) navigator.geolocation.clearWatch(g.watch);
  if (g && g.timer) clearTimeout(g.timer);
  delete P.guides[taskID];
  render();
}

// The newest fix waits while one is asked or the last was under 3 s ago (or the server said slow
// down), then goes: a phone that stops moving still gets its answer for where it stopped.
async function guideFix(taskID, g, coords) {
  g.latest = coords;
  if (P.guides[taskID] !== g || g.asking || g.timer) return;
  const wait = g.sentAt + 3000 - Date.now();
  if (wait > 0) { g.timer = setTimeout(() => { g.timer = null; guideFix(taskID, g, g.latest); }, wait); return; }
  g.asking = true;
  g.sentAt = Date.now();
  try {
    const response = await fetch(base + '/guide?lang=' + encodeURIComponent(LANG), { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ task: taskID, lat: coords.latitude, lon: coords.longitude, accuracy: coords.accuracy }) });
    if (response.ok) { g.answer = await response.json(); g.problem = null; if (g.latest === coords) g.latest = null; }
    else if (response.status !== 429) { g.problem = (await response.text()).trim(); g.latest = null; }
  } catch (_) { /* no signal: tried again with the next fix */ }
  g.asking = false;
  if (P.guides[taskID] !== g) return;
  render();
  if (g.latest) guideFix(taskID, g, g.latest);
}

// A check-in task: "Check in here" asks the browser for a fresh, high-accuracy position and sends
// it; the server judges it at once and says accepted or why not. On a dwell task the button starts
// a stay: while the page is open and on screen a position goes every dwell/10 (5 to 30 s), the
// server says how long the team has stayed, and the stay ends when it says the task is done.
const C = {};  // task id -> { busy, message, reply, at, every, timer, tick }

function checkInBlock(task) {
  const c = C[task.id] || {};
  const staying = Boolean(c.timer);
  const done = task.state === 'accepted';
  const button = done || staying ? null : el('button', { type: 'button', class: 'check-in', disabled: c.busy, onclick: () => startCheckIn(task) },
    c.busy ? say('checkin.locating') : say(task.dwell_s ? 'checkin.stay' : 'checkin.button'));
  const note = stayNote(task.id) || c.message || (done && c.reply ? say(task.dwell_s ? 'checkin.done' : 'checkin.accepted') : null);
  return el('div', { class: 'checkin', id: 'checkin-' + task.id }, button,
    note ? el('p', { class: 'checkin-note', id: 'checkin-note-' + task.id, 'aria-live': 'polite' }, note) : null);
}

// "Stayed 1:30, 8:30 to go", counted on from the server's last word; null when not staying.
function stayNote(taskID) {
  const c = C[taskID];
  if (!c || !c.timer || !c.reply || c.reply.state !== 'staying') return null;
  if (document.hidden) return say('checkin.paused');
  const stayed = c.reply.stayed_s + (Date.now() - c.at) / 1000;
  return say('checkin.staying', { stayed: minutes(stayed), left: minutes(Math.max(0, c.reply.dwell_s - stayed)) });
}

// A check-in's reasons are said once: while the card's note says them, its line shows none.
function checkInUploads(task) {
  const c = C[task.id];
  return task.check_in && c && (c.message || c.timer) ? task.uploads.map((u) => Object.assign({}, u, { why: [] })) : task.uploads;
}

function minutes(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
}

function startCheckIn(task) {
  const c = C[task.id] = C[task.id] || {};
  c.message = null;
  if (task.dwell_s && !c.timer) {
    c.every = Math.min(30, Math.max(5, task.dwell_s / 10)) * 1000;
    c.timer = setInterval(() => { if (!document.hidden) sendCheckIn(task.id); }, c.every);
    // The time stayed moves on between samples without drawing the page again.
    c.tick = setInterval(() => { const p = document.getElementById('checkin-note-' + task.id); const n = stayNote(task.id); if (p && n) p.textContent = n; }, 1000);
  }
  sendCheckIn(task.id);
}

function endStay(c) {
  if (c.timer) clearInterval(c.timer);
  if (c.tick) clearInterval(c.tick);
  c.timer = c.tick = null;
}

async function sendCheckIn(taskID) {
  const c = C[taskID];
  if (!c || c.busy) return;
  c.busy = true;
  render();
  const fix = await position();
  if (!fix) {
    c.message = say('guide.no-position');
    endStay(c);
    c.busy = false;
    render();
    return;
  }
  await postCheckIn({ kind: 'check-in', key: Date.now().toString(36) + Math.random().toString(36).slice(2), task: taskID,
                      latitude: fix.lat, longitude: fix.lon, accuracy: fix.accuracy, fixed_at: fix.fixed_at });
}

// Sends a check-in; without a signal it is kept on the phone with the time of its position
// (`keepText`) and sent when the signal is back, where it counts at that time. A stay keeps
// sampling meanwhile, so one made without a signal completes when its samples arrive.
async function postCheckIn(item) {
  const c = C[item.task] = C[item.task] || {};
  c.busy = true;
  render();
  let sent = true;
  try {
    const response = await fetch(base + '/check-in?lang=' + encodeURIComponent(LANG), { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ task: item.task, latitude: item.latitude, longitude: item.longitude, accuracy: item.accuracy, fixed_at: item.fixed_at }) });
    forgetText(item.key);
    if (response.ok) {
      const reply = await response.json();
      c.reply = reply;
      c.at = Date.now();
      c.message = reply.state === 'accepted' ? say(reply.dwell_s ? 'checkin.done' : 'checkin.accepted')
        : reply.state === 'review' ? say('checkin.review') : reply.state === 'staying' ? null : reply.why.join(' ');
      // A stay goes on after a check-in outside (the team may walk in); it ends when done.
      if (reply.state === 'accepted' || reply.state === 'review') endStay(c);
    } else if (response.status === 429) {
      c.message = say('send.busy');
    } else {
      const why = (await response.text()).trim().replace(/\.$/, '');
      c.message = why ? say('send.refused', { why }) : say('send.refused-no-words');
      endStay(c);
    }
  } catch (_) {
    keepText(item);
    sent = false;
    c.message = say('checkin.kept');
  }
  c.busy = false;
  render();
  return sent;
}

document.addEventListener('visibilitychange', () => { if (Object.values(C).some((c) => c.timer)) render(); });

// The phone's position, asked for once per choice of files (high accuracy, a fresh fix: an old one
// may be the previous place's); null when it gives none.
function position() {
  if (!window.isSecureContext || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition((p) => {
      document.getElementById('denied').hidden = true;
      resolve({ lat: p.coords.latitude, lon: p.coords.longitude, accuracy: p.coords.accuracy, fixed_at: Math.round(p.timestamp) });
    }, () => { document.getElementById('denied').hidden = false; resolve(null); },
    { enableHighAccuracy: true, timeout: 15000, maximumAge: 0 });
  });
}

// The outbox: every file a team chose, kept in this phone's storage (IndexedDB) with its task and
// position until the server has said it kept it, so that a dropped signal, a closed page or a
// flat battery loses nothing: the page sends what is waiting when the signal comes back and when
// it is opened again. A refusal (4xx) or the server's "kept" takes it out; a server error keeps it.
// Without storage (a private window) the page still sends, from memory only.
const OUTBOX = { name: 'hunt-outbox', store: 'files', db: null, sending: new Set() };

function outbox() {
  if (OUTBOX.db) return OUTBOX.db;
  OUTBOX.db = new Promise((resolve) => {
    let request;
    try { request = indexedDB.open(OUTBOX.name, 1); } catch (_) { resolve(null); return; }
    request.onupgradeneeded = () => request.result.createObjectStore(OUTBOX.store, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = request.onblocked = () => resolve(null);
  });
  return OUTBOX.db;
}

// Runs `work` on the outbox's store in one transaction; resolves with the request's result (null
// without storage or when the phone refuses, e.g. full: the upload then goes from memory).
async function inOutbox(mode, work) {
  const db = await outbox();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = work(db.transaction(OUTBOX.store, mode).objectStore(OUTBOX.store));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch (_) { resolve(null); }
  });
}

const keep = (u) => inOutbox('readwrite', (s) => s.put({ key: u.key, base, task: u.task, file: u.file, name: u.file.name,
                                                        camera: u.camera, fix: u.fix, chosen: u.chosen }));
const forget = (u) => inOutbox('readwrite', (s) => s.delete(u.key));

// What this team's page left waiting (another team's page on the same phone keeps its own).
async function restore() {
  const kept = (await inOutbox('readonly', (s) => s.getAll())) || [];
  for (const k of kept.filter((k) => k.base === base).sort((a, b) => a.chosen - b.chosen)) {
    if (Object.values(P.local).some((list) => list.some((u) => u.key === k.key))) continue;
    const file = k.file instanceof File ? k.file : new File([k.file], k.name);
    const u = { key: k.key, task: k.task, file, camera: k.camera, fix: k.fix, chosen: k.chosen, phase: 'waiting', tries: 0, percent: 0 };
    P.local[k.task] = (P.local[k.task] || []).concat(u);
  }
}

async function send(task, files, camera) {
  const now = Date.now();
  const uploads = files.map((file, i) => ({ key: now.toString(36) + '-' + i + '-' + Math.random().toString(36).slice(2), task, file, camera,
                                            chosen: now + i, phase: 'position', tries: 0, percent: 0 }));
  P.local[task] = uploads.concat(P.local[task] || []);
  render();
  const fix = await position();
  for (const u of uploads) { u.fix = fix; u.phase = 'waiting'; }
  await Promise.all(uploads.map(keep));
  pump();
}

// Starts what is waiting and due, two at a time (a phone on a venue's network does better with
// few connections); without a signal it waits for the phone to say it has one again.
function pump() {
  render();
  if (!navigator.onLine) return;
  const now = Date.now();
  const due = Object.values(P.local).flat().filter((u) => u.phase === 'waiting' && !OUTBOX.sending.has(u) && !(u.due > now));
  due.sort((a, b) => a.chosen - b.chosen);
  while (OUTBOX.sending.size < 2 && due.length) {
    const u = due.shift();
    OUTBOX.sending.add(u);
    upload(u).then(() => { OUTBOX.sending.delete(u); pump(); });
  }
}

// Waits, kept, and tries again after 2, 4, 8 … 60 s, or at once when the signal comes back.
function later(u, why) {
  u.tries += 1;
  u.phase = 'waiting';
  u.message = why;
  const wait = 1000 * Math.min(60, 2 ** u.tries);
  u.due = Date.now() + wait;
  setTimeout(pump, wait);
}

function upload(u) {
  return new Promise((resolve) => {
    const query = new URLSearchParams({ task: u.task, lang: LANG });
    if (u.fix) for (const [key, value] of Object.entries(u.fix)) query.set(key, String(value));
    if (u.camera) query.set('live', '1');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', base + '/upload?' + query.toString());
    // One bar of signal can stall a request without ending it: a minute plus 20 kB/s for the file.
    xhr.timeout = 60000 + Math.round(u.file.size / 20);
    u.phase = u.tries ? 'retrying' : 'sending';
    u.message = null;
    render();
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      u.percent = Math.round(100 * e.loaded / e.total);
      if (u.bar) u.bar.value = u.percent;
    };
    xhr.onload = () => {
      let answer = null;
      try { answer = JSON.parse(xhr.responseText); } catch (_) { /* a refusal is plain text */ }
      if (xhr.status === 200 || xhr.status === 201) {
        u.phase = 'done';
        u.id = answer && answer.id;
        u.note = answer && answer.status === 'already sent' ? 'already-sent' : 'sent';
        u.message = say(u.note === 'already-sent' ? 'send.sent-before' : 'send.waiting-for-judge');
        forget(u);
      } else if (xhr.status === 423 || xhr.status === 410) {
        refusedByLive(u, xhr.status);
        if (xhr.status === 410) forget(u);  // ended: kept for nothing; paused: kept for Try again
      } else if (xhr.status === 429) {
        later(u, say('send.busy'));
      } else if (xhr.status >= 500) {
        // Sending again would fail the same way until the organizers act: said at once, kept for Try again.
        u.phase = 'failed';
        u.retryable = true;
        u.message = say('send.servers-problem', { why: xhr.responseText.trim() || 'HTTP ' + xhr.status });
      } else {
        u.phase = 'failed';
        u.retryable = false;
        const why = xhr.responseText.trim().replace(/\.$/, '');
        u.message = why ? say('send.refused', { why }) : say('send.refused-no-words');
        forget(u);
      }
      resolve();
    };
    xhr.onerror = xhr.ontimeout = () => { later(u, say('send.no-signal', { why: say('send.connection-dropped') })); resolve(); };
    xhr.send(u.file);  // the file's own bytes, as the phone has them
  });
}

function tryAgain(u) {
  u.tries = 0;
  u.due = 0;
  u.phase = 'waiting';
  u.message = null;
  pump();
}

// The page again in `code` (the server writes its words; the state comes in it too).
function inLanguage(code) {
  const url = new URL(location.href);
  url.searchParams.set('lang', code);
  location.replace(url.toString());
}

// A switch of the hunt's languages, when it offers more than one; the choice is remembered on
// this phone and wins over the phone's language (which chose this page's first).
function languageSwitch() {
  if (LANGUAGES.length < 2) return;
  const select = el('select', { id: 'language', 'aria-label': say('language'),
                                onchange: () => { try { localStorage.setItem(CHOSEN, select.value); } catch (_) { /* private mode */ }
                                                  inLanguage(select.value); } },
    ...LANGUAGES.map(([code, name]) => el('option', { value: code, lang: code, selected: code === LANG }, name)));
  document.querySelector('header').prepend(select);
}

// The team's say on the end-of-day show: its photos may be on the big screen, or none of them.
async function showConsent(input) {
  input.disabled = true;
  try {
    const response = await fetch(base + '/show?lang=' + encodeURIComponent(LANG), { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                                   body: JSON.stringify({ show: input.checked }) });
    if (!response.ok) { input.checked = !input.checked; status(await response.text()); }
  } catch (_) { input.checked = !input.checked; status(say('send.connection-dropped')); }
  input.disabled = false;
}

async function withdraw(upload) {
  if (!confirm(say('withdraw-confirm', { name: upload.name }))) return;
  const response = await fetch(base + '/withdraw?lang=' + encodeURIComponent(LANG), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: upload.id }) });
  if (!response.ok) { status(await response.text()); return; }
  for (const task of Object.keys(P.local)) P.local[task] = P.local[task].filter((u) => u.id !== upload.id);
  await load();
}

async function load() {
  const response = await fetch(base + '/api/state?lang=' + encodeURIComponent(LANG));
  if (!response.ok) { status(await response.text()); return; }
  P.state = await response.json();
  status('');
  render();
}

function listen() {
  const events = new EventSource(base + '/events?lang=' + encodeURIComponent(LANG));
  events.addEventListener('state', (e) => { P.state = JSON.parse(e.data); status(''); render(); });
  events.addEventListener('live', (e) => { showLive(JSON.parse(e.data)); status(''); });
  // A dropped stream reconnects by itself; one refused (429: the team's phones hold all the
  // connections they may) is closed for good by the browser, so open it again a little later.
  events.onerror = () => {
    status(say('reconnecting'));
    if (events.readyState === EventSource.CLOSED) setTimeout(listen, 5000);
  };
}

// The live day (LiveDay.swift): the organizers paused or ended the game, told at once over the
// stream (its first event on every (re)connection). Uploads are then refused by the server with
// 423 (paused) or 410 (ended); the page says so in the player's words.
function showLive(live) {
  P.live = live;
  const banner = document.getElementById('live');
  const stopped = live.phase === 'paused' || live.phase === 'ended';
  document.body.classList.toggle('stopped', stopped);
  banner.hidden = !stopped;
  if (live.phase === 'paused') banner.textContent = say('live.paused');
  else if (live.phase === 'ended') banner.textContent = live.results_at ? say('live.ended-results', { time: live.results_at }) : say('live.ended');
  else banner.textContent = '';
  showAnnouncements(live.announcements || []);
  showThread(live.thread || []);
}

// "Message the organizers": the team's messages and the organizers' replies (in the `live`
// event, this team's only), and a box to write; the server bounds and paces them.
function showThread(thread) {
  document.getElementById('thread').replaceChildren(...thread.map((m) => el('li', { class: m.from === 'team' ? 'mine' : 'theirs' },
    el('b', {}, say(m.from === 'team' ? 'message.you' : 'message.organizers')), el('time', { datetime: m.at }, clockOf(m.at)),
    el('span', { class: 'text', dir: 'auto' }, m.text))));
}

async function sendMessage(event) {
  event.preventDefault();
  const box = document.getElementById('message-text');
  const text = box.value.trim();
  if (!text) return;
  if (await postMessage({ kind: 'message', key: Date.now().toString(36) + Math.random().toString(36).slice(2), text })) box.value = '';
}

// Sends a message to the organizers; without a signal it is kept and sent later (`keepText`).
// True when the server took it or refused it for good (the box may be emptied).
async function postMessage(item) {
  const said = document.getElementById('message-status');
  let response = null;
  try {
    response = await fetch(base + '/message?lang=' + encodeURIComponent(LANG), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: item.text }) });
  } catch (_) { keepText(item); said.textContent = say('message.kept'); return false; }
  if (response.ok) { forgetText(item.key); said.textContent = ''; return true; }
  if (response.status === 429) { said.textContent = say('message.too-fast'); return false; }
  forgetText(item.key);
  const why = (await response.text()).trim().replace(/\.$/, '');
  said.textContent = why ? say('send.refused', { why }) : say('send.refused-no-words');
  return false;
}

// The organizers' announcements: the `live` event carries every one meant for this team (the
// newest 50, newest first), so a page that was offline gets what it missed. Listed above the
// tasks; the newest this phone has not seen also in the header until tapped away.
const SEEN = 'hunt-seen-announcements:' + base;

function seenAnnouncements() {
  try { return new Set(JSON.parse(localStorage.getItem(SEEN) || '[]')); } catch (_) { return new Set(); }
}

function showAnnouncements(list) {
  const seen = seenAnnouncements();
  document.getElementById('news-section').hidden = list.length === 0;
  document.getElementById('news').replaceChildren(...list.map((a) => el('li', { class: seen.has(a.id) ? null : 'new' },
    el('time', { datetime: a.at }, clockOf(a.at)), a.team ? el('span', { class: 'to' }, say('announcement.team-only')) : null,
    el('span', { class: 'text', dir: 'auto' }, a.text))));
  const fresh = list.find((a) => !seen.has(a.id));
  const banner = document.getElementById('news-new');
  banner.hidden = !fresh;
  if (!fresh) return;
  banner.replaceChildren(el('span', { dir: 'auto' }, fresh.text),
    el('button', { type: 'button', 'aria-label': say('announcements'), onclick: () => { markSeen(list); showAnnouncements(list); } }, '×'));
}

function markSeen(list) {
  try { localStorage.setItem(SEEN, JSON.stringify(list.map((a) => a.id))); } catch (_) { /* private mode: shown again next time */ }
}

// "12:05" in the phone's own time, with the digits the server writes.
function clockOf(iso) {
  const date = new Date(iso);
  return isNaN(date) ? '' : date.toLocaleTimeString(LANG, { hour: '2-digit', minute: '2-digit', numberingSystem: 'latn' });
}

// An upload the server refused because the game is paused (Try again once it resumes) or ended.
function refusedByLive(u, code) {
  u.phase = 'failed';
  u.retryable = code === 423;
  u.message = say(code === 423 ? 'send.paused' : 'send.ended');
}

let remembered = null;
try { remembered = localStorage.getItem(CHOSEN); } catch (_) { /* private mode: the phone's language */ }
if (remembered && remembered !== LANG && LANGUAGES.some(([code]) => code === remembered)) {
  inLanguage(remembered);
} else {
  languageSwitch();
  document.getElementById('insecure').hidden = window.isSecureContext;
  document.getElementById('in-show').addEventListener('change', (e) => showConsent(e.target));
  document.getElementById('message-form').addEventListener('submit', sendMessage);
  addEventListener('online', () => { pump(); flushTexts(); });
  addEventListener('offline', render);
  Promise.all([load(), restore()]).then(() => { listen(); pump(); flushTexts(); });
}
