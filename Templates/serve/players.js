// hunt serve: a team's page. It shows what /t/<token>/api/state says, in the server's words, and
// sends each chosen file's own bytes (never re-encoded), with the phone's position when it gives one.
'use strict';
const base = document.body.dataset.base;
const ACCEPT = 'image/jpeg,image/heic,image/heif,image/png,video/mp4,video/quicktime,.jpg,.jpeg,.heic,.heif,.mov,.mp4';
const P = { state: null, local: {}, nextLocal: 1 };  // local: task id -> uploads under way or just sent

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
  const main = document.getElementById('tasks');
  main.replaceChildren(...s.tasks.map(renderTask));
  const other = document.getElementById('other');
  other.replaceChildren(...s.other.map(renderUpload));
  document.getElementById('other-section').hidden = s.other.length === 0;
  const board = document.getElementById('board');
  board.replaceChildren(...(s.leaderboard || []).map((row) => el('li', { class: row.own ? 'own' : null },
    el('span', { class: 'rank' }, String(row.rank)), el('span', { class: 'team' }, row.name), el('span', { class: 'pts' }, say('pts', { n: row.points })))));
  document.getElementById('board-section').hidden = !s.leaderboard;
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
  if (task.state === 'todo' && sent) { state = 'sent'; words = say('send.sent'); } else if (task.state === 'todo' && going) words = say('send.sending');
  // A group takes no photo of its own: its card lists its tasks and how far the team is.
  const inputs = task.sendable ? [sendButton(task, false)] : [];
  if (task.sendable && task.live) inputs.unshift(sendButton(task, true));
  return el('article', { class: 'task' + (task.members ? ' group' : ''), id: 'task-' + task.id },
    // A group's member scores only through its group: its line says so instead of points.
    // The hunt's texts take their own direction (dir=auto): a Spanish title on an Arabic page keeps its full stop at its end.
    el('h2', {}, el('span', { dir: 'auto' }, task.title), task.group_text ? null : el('span', { class: 'points' }, say('pts', { n: task.points }))),
    task.clue ? el('p', { class: 'clue', dir: 'auto' }, task.clue) : null,
    task.group_text ? el('p', { class: 'group-of' }, task.group_text) : null,
    task.live_text ? el('p', { class: 'live' }, task.live_text) : null,
    task.needs_text ? el('p', { class: 'needs' }, task.needs_text) : null,
    task.members ? el('ul', { class: 'members' }, ...task.members.map((m) =>
      el('li', {}, el('span', { class: 'state ' + m.state }, stateWords(m.state, m.state_text)), ' ', el('span', { dir: 'auto' }, m.title)))) : null,
    el('span', { class: 'state ' + state }, task.members ? task.progress_text : words),
    inputs.length ? el('div', { class: 'send' }, ...inputs) : null,
    el('ul', { class: 'uploads' }, ...local.map(renderLocal), ...task.uploads.map(renderUpload)));
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
  const words = u.phase === 'done' ? say('send.' + (u.note || 'sent')) : u.phase === 'failed' ? say('send.not-sent') : say('send.' + u.phase);
  const chip = u.phase === 'failed' ? 'rejected' : u.phase === 'done' ? 'sent' : 'todo';
  const line = el('div', { class: 'line' }, el('span', { class: 'state ' + chip }, words),
    el('span', { class: 'name' }, u.file.name));
  if (u.phase === 'failed' && u.retryable) line.append(el('button', { class: 'retry', type: 'button', onclick: () => { u.tries = 0; upload(u); } }, say('send.try-again')));
  u.bar = el('progress', { max: '100', value: String(u.percent || 0) });
  return el('li', {}, line, u.phase === 'sending' || u.phase === 'retrying' ? u.bar : null,
    u.message ? el('ul', { class: 'why' }, el('li', {}, u.message)) : null);
}

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

async function send(task, files, camera) {
  const uploads = files.map((file) => ({ key: P.nextLocal++, task, file, camera, phase: 'position', tries: 0, percent: 0 }));
  P.local[task] = uploads.concat(P.local[task] || []);
  render();
  const fix = await position();
  for (const u of uploads) { u.fix = fix; u.phase = 'waiting'; }
  render();
  // Two at a time: a phone on a venue's network does better with few connections.
  const queue = uploads.slice();
  const worker = async () => { while (queue.length) await upload(queue.shift()); };
  await Promise.all([worker(), worker()]);
}

function upload(u) {
  return new Promise((resolve) => {
    const query = new URLSearchParams({ task: u.task });
    if (u.fix) for (const [key, value] of Object.entries(u.fix)) query.set(key, String(value));
    if (u.camera) query.set('live', '1');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', base + '/upload?' + query.toString());
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
      } else if (xhr.status === 423 || xhr.status === 410) {
        refusedByLive(u, xhr.status);
      } else if (xhr.status === 429) {
        return retry(u, resolve, say('send.busy'));
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
      }
      render();
      resolve();
    };
    xhr.onerror = xhr.ontimeout = () => retry(u, resolve, say('send.connection-dropped'));
    xhr.send(u.file);  // the file's own bytes, as the phone has them
  });
}

function retry(u, resolve, why) {
  u.tries += 1;
  if (u.tries <= 4) {
    u.phase = 'retrying';
    render();
    setTimeout(() => upload(u).then(resolve), 1000 * Math.min(10, 2 ** u.tries));
    return;
  }
  u.phase = 'failed';
  u.retryable = true;
  u.message = say('send.no-signal', { why });
  render();
  resolve();
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

async function withdraw(upload) {
  if (!confirm(say('withdraw-confirm', { name: upload.name }))) return;
  const response = await fetch(base + '/withdraw', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: upload.id }) });
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
  const said = document.getElementById('message-status');
  let response = null;
  try {
    response = await fetch(base + '/message', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) });
  } catch (_) { said.textContent = say('send.connection-dropped'); return; }
  if (response.ok) { box.value = ''; said.textContent = ''; return; }
  const why = (await response.text()).trim().replace(/\.$/, '');
  said.textContent = response.status === 429 ? say('message.too-fast') : why ? say('send.refused', { why }) : say('send.refused-no-words');
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
  document.getElementById('message-form').addEventListener('submit', sendMessage);
  load().then(listen);
}
