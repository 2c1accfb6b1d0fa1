// The ALTCHA widget, loaded only by the forms that ask for a challenge (use-challenge.tsx imports this module when
// such a form appears), never by the first load of other pages. Its CSP-friendly build: no inline styles or
// scripts, and the proof-of-work runs in a worker served from our own origin (worker-src falls back to
// script-src 'self'; docs/decisions/041).
import 'altcha/external';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
