// Server-rendered pages (apps/server/src/plugins/web-first-screen.ts) start the app after their first paint, so
// the HTML's own stylesheets and images have the bandwidth to themselves until the page shows. The page's leading
// pictures (fetchpriority="high": the first tiles, cards or the product's photo, its largest content) are on screen
// first, so the app's scripts do not hold back their paint: the browser's largest-contentful-paint report says when
// one is, elsewhere their decoding (and two frames); 3 s at most. A page without such pictures (about, the legal
// pages) starts when that report says the page is on screen. Then too the page's decorative pictures (the venue's
// background and logo: `:root[data-painted]` in the stylesheets) are asked for, so they do not take the page's
// bandwidth, nor count in its paint, before it is on screen.
// The server inlines this script in the page (apps/server/src/plugins/web-boot-script.ts: the CSP allows it by its
// hash), after #root and the page's data: it runs once the HTML before it is parsed, as the deferred script it was.
/* global document, history, location, requestAnimationFrame */
(function () {
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  // The page's own chunks (its layout, its route, what they import), fetched beside the entry.
  var chunks = (boot.getAttribute('data-chunks') || '').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.documentElement.setAttribute('data-painted', '');
    requestAnimationFrame(function () {
      setTimeout(function () {
        var script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = entry;
        document.head.appendChild(script);
        for (var i = 0; i < chunks.length; i++) {
          if (!chunks[i]) continue;
          var link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = chunks[i];
          document.head.appendChild(link);
        }
      }, 0);
    });
  }
  // A tap on a button of the server's HTML before the app has made it live (a slow phone: "call the waiter" at the
  // table, "Вход" in the header) is not lost: the last such tap is repeated once React has hydrated that button (its
  // props are on the element), however long that takes while the button is in the page (a 3G phone took more than
  // the 15 s this once waited, and the guest's tap was dropped). A tap React handled itself (it hydrates what is
  // tapped when it can, and then lets the event on to the button) is not repeated; one React held back because that
  // part of the page could not hydrate yet (its code still loading: React stops the event before the button) is,
  // even when the button is live a moment later.
  var live = function (el) {
    for (var key in el) if (key.indexOf('__reactProps$') === 0) return true;
    return false;
  };
  var poll = 0;
  var tries = 0;
  // The same button in the page as it is now: the tapped element itself, or, when React drew that part of the page
  // afresh instead of hydrating it (an update reached a boundary before it hydrated), the button with the same name
  // at the same place among its namesakes, so the tap is not lost with the server's element.
  var nameOf = function (el) {
    return (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim();
  };
  var namesakes = function (name) {
    var all = document.querySelectorAll('#root button');
    var same = [];
    for (var i = 0; i < all.length; i++) if (nameOf(all[i]) === name) same.push(all[i]);
    return same;
  };
  var tapped = null;
  var current = function () {
    if (!tapped) return null;
    if (tapped.button.isConnected) return tapped.button;
    var same = namesakes(tapped.name);
    return same[tapped.index] || null;
  };
  // A tap on an in-page link (the all-in-one page's jump list, "skip to content") before the app is live scrolls to
  // its target here and writes the address without a history event: left to the browser, the hash change reached
  // the router as a navigation while React hydrated, and React dropped the server's HTML of the still-loading page
  // and drew it again from the top, the guest's jump lost (e2e/tests/all-in-one.spec.ts). Once the link is live the
  // app handles it.
  document.addEventListener(
    'click',
    function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      var link = event.target && event.target.closest ? event.target.closest('#root a[href^="#"]') : null;
      if (!link || live(link)) return;
      var target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (!target) return;
      event.preventDefault();
      target.scrollIntoView();
      if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
      history.replaceState(history.state, '', link.hash);
    },
    true,
  );
  document.addEventListener(
    'click',
    function (event) {
      var button = event.target && event.target.closest ? event.target.closest('#root button') : null;
      if (!button || live(button)) return;
      var name = nameOf(button);
      var index = namesakes(name).indexOf(button);
      // Reached the button live: React let the event on to it (after hydrating it at once), so its handler has it.
      var handled = false;
      var reached = function () {
        handled = live(button);
      };
      button.addEventListener('click', reached, true);
      setTimeout(function () {
        button.removeEventListener('click', reached, true);
        if (handled) return;
        tapped = { button: button, name: name, index: index };
        tries = 0;
        if (poll) return;
        poll = setInterval(function () {
          var target = current();
          // Forgotten only when the button has left the page (and no namesake took its place) for 15 s.
          if (!target) {
            if (++tries <= 150) return;
          } else {
            tries = 0;
            if (!live(target)) return;
          }
          clearInterval(poll);
          poll = 0;
          tapped = null;
          if (target && target.isConnected && live(target)) target.click();
        }, 100);
      }, 0);
    },
    true,
  );
  // A dialog the server rendered open (the welcome banner, Modal's openInHtml) closes by its own form before the app
  // is live; the session cookie it names (data-closed-cookie) is written here, so the app, however it then renders
  // that part of the page (hydrating the closed dialog, or drawing it afresh when an update came first), keeps it closed.
  function remember(dialog) {
    var name = dialog && dialog.getAttribute ? dialog.getAttribute('data-closed-cookie') : null;
    if (!name || !/^[\w-]+$/.test(name)) return;
    var secure = location.protocol === 'https:' ? '; secure' : '';
    document.cookie = name + '=1; path=/; samesite=lax' + secure;
  }
  // (Open again by the time the event is handled: the app made it modal — it closes the server's non-modal dialog and
  // opens it modal at once — and the guest has not closed it.)
  document.addEventListener(
    'close',
    function (event) {
      if (!event.target.open) remember(event.target);
    },
    true,
  );
  // This script runs once the HTML up to it is parsed (it follows #root and the page's data), and a guest on a slow
  // network can close the dialog before then (it shows, and its form works, as soon as it is parsed). The server renders such a dialog only
  // open, so one already closed here was closed by the guest.
  var closed = document.querySelectorAll('dialog[data-closed-cookie]:not([open])');
  for (var c = 0; c < closed.length; c++) remember(closed[c]);
  var types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  var reported = types.indexOf('largest-contentful-paint') >= 0;
  var images = document.querySelectorAll('#root img[fetchpriority="high"]');
  if (images.length === 0 || typeof images[0].decode !== 'function') {
    // A page whose largest content is text (about, the legal pages): the app starts once the browser reports the
    // page painted (its largest-contentful-paint entry, dispatched after the frame reached the screen), not in the
    // frame that draws it — that frame reaches the screen later, and scripts requested before then were counted in
    // the page's paint (issue 17: Lighthouse's LCP of /bistro/about 1.9× its static page in runs where they were).
    // A hidden tab paints nothing: started at once there.
    if (!reported || document.visibilityState === 'hidden') return start();
    new PerformanceObserver(start).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(start, 3000);
    return;
  }
  var leading = [].slice.call(images);
  if (reported) {
    new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) if (leading.indexOf(entries[i].element) >= 0) start();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }
  // Every leading picture decoded: on screen within two frames (or, with the report, when a larger text is the
  // page's largest content and no picture is reported).
  var waiting = leading.length;
  var decoded = function () {
    if (--waiting > 0) return;
    if (reported) setTimeout(start, 500);
    else requestAnimationFrame(start);
  };
  for (var i = 0; i < leading.length; i++) leading[i].decode().then(decoded, decoded);
  setTimeout(start, 3000);
})();
