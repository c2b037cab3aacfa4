/* global localStorage, document */
// Applies the saved theme and language before the first paint (an external file: the CSP forbids inline scripts).
try {
  var t = localStorage.getItem('theme');
  if (t === 'light' || t === 'dark') document.documentElement.setAttribute('data-theme', t);
  var l = localStorage.getItem('lang');
  if (l === 'en' || l === 'ko') document.documentElement.lang = l;
} catch (_e) {
  /* storage unavailable */
}
