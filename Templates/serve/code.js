// hunt serve: where a poster's QR code leads, /code#<task>:<CODE>. A poster names no team, so
// this page sends the phone on to the team page it opened last (players.js remembers it), with the
// code in the fragment, which no request carries; a phone that never opened one is told to.
'use strict';
const WORDS = JSON.parse(document.getElementById('words').textContent).words || {};
let team = null;
try { team = localStorage.getItem('hunt-team-page'); } catch (_) { /* private mode: as a phone that never opened one */ }
const posted = location.hash.slice(1);
// Only a team page of this server: /t/ and its hex token.
if (team && /^\/t\/[0-9a-f]{16,64}$/.test(team)) {
  location.replace(team + (posted ? '#code=' + posted : ''));
} else {
  document.getElementById('code-status').textContent = WORDS['page.code.open-team-first'] || "Open your team's link first, then scan again.";
}
