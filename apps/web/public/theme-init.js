/* global localStorage, sessionStorage, document, location */
// Applies the saved theme and language before the first paint: an external file for the app
// shell (the CSP forbids inline scripts), inlined into the prerendered pages (allowed by its hash,
// apps/web/scripts/prerender.mjs).
// The social log-in's return page, prerendered before its result (the address's fragment) is known:
// with none at all there is nothing to finish, and the page paints its failure from the HTML
// (features/auth/auth-callback-page.tsx)
if (location.pathname === '/auth/callback') {
  document.documentElement.setAttribute('data-callback', location.hash.length > 1 ? 'result' : 'none');
}
try {
  var t = localStorage.getItem('theme');
  if (t === 'light' || t === 'dark') document.documentElement.setAttribute('data-theme', t);
  var l = localStorage.getItem('lang');
  if (l === 'en' || l === 'ko') {
    var told = /(?:^|;)\s*lang=en\s*(?:;|$)/.test(document.cookie);
    document.documentElement.lang = l;
    // the server reads it to send an English reader the app shell rather than a page prerendered
    // in Korean (apps/server/src/http/web-static.ts)
    document.cookie = 'lang=' + l + '; path=/; max-age=31536000; samesite=lax';
    // Inlined, this script is in a page prerendered in Korean: an English reader whose cookie was
    // gone (cleared, or expired) got it. Ask again, now with the cookie, before the body is even
    // read: the app would otherwise replace the Korean markup with English on taking over, and
    // what the reader had typed by then would go with it. Once only (a cookie that cannot be
    // stored leaves the page as it is).
    var inline = document.currentScript && !document.currentScript.src;
    if (inline && l === 'en' && !told && /(?:^|;)\s*lang=en\s*(?:;|$)/.test(document.cookie)) {
      var last = Number(sessionStorage.getItem('lang-reload') || 0);
      if (Date.now() - last > 10000) {
        sessionStorage.setItem('lang-reload', String(Date.now()));
        location.replace(location.href);
      }
    }
  }
  // Prerendered pages are made for guests: a signed-in visitor does not see their guest-only
  // controls (JOIN US …) before the app takes over (base.css).
  var signedIn = !!localStorage.getItem('authToken');
  if (signedIn) document.documentElement.setAttribute('data-session', '');
  // The server sends a guarded page to a browser with a session as the app's shell, and to a guest
  // as the log-in page (SIGNED_IN_COOKIE in packages/contract): kept in step with the stored token.
  if (signedIn !== /(?:^|;)\s*signed_in=1\s*(?:;|$)/.test(document.cookie)) {
    document.cookie = signedIn ? 'signed_in=1; path=/; max-age=31536000; samesite=lax' : 'signed_in=; path=/; max-age=0; samesite=lax';
  }
} catch (_e) {
  /* storage unavailable */
}
// A prerendered page's forms are markup until the app takes over (#root[data-prerendered]): a
// submit then (Enter in a field, a click on its button) would send the form the browser's way, as
// a GET with the fields in the address (a password among them). It waits for the app instead;
// what was typed stays in the fields, which the app adopts.
document.addEventListener(
  'submit',
  function (e) {
    var root = document.getElementById('root');
    if (root && root.hasAttribute('data-prerendered')) e.preventDefault();
  },
  true,
);
