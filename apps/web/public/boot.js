// Server-rendered pages (apps/server/src/plugins/web-first-screen.ts) start the app after their first paint, so
// the HTML's own stylesheets and images have the bandwidth to themselves until the page shows.
/* global document, requestAnimationFrame */
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  requestAnimationFrame(function () {
    setTimeout(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
    }, 0);
  });
})();
