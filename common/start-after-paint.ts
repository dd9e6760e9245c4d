/**
 * Starts the app's scripts once a page the server rendered has painted: its text first, then its
 * first photo when it has one. On a phone's slow link the twenty-odd script files, asked for at
 * once and at high priority, used to share the bandwidth with that photo and hold back the first
 * paint (docs/PERFORMANCE.md, "Scripts after the first paint"). Until they run, a tap on a button
 * is held by the early-taps script and replayed, and links work as links.
 *
 * The build (scripts/vite-inline-script.ts) leaves the entry script and its preloads as
 * `<meta name="app-entry">` and `<meta name="app-preload">` tags, which this reads. A page with
 * nothing rendered in it (#root empty) starts at once: there is no paint to wait for. A page
 * opened in a background tab starts at once too, as a hidden page does not paint. The photo is
 * waited for a second at the most, the whole page five. Plain ES5, like the early-taps script it
 * is inlined with.
 */
export const START_AFTER_PAINT_SCRIPT = `(function () {
  var PHOTO_WAIT_MS = 1000;
  var LONGEST_WAIT_MS = 5000;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var entry = document.querySelector('meta[name="app-entry"]');
    if (!entry) return;
    // One insertion for all of them: a link at a time cost a slow phone about a millisecond each.
    var links = document.createDocumentFragment();
    var preloads = document.querySelectorAll('meta[name="app-preload"]');
    for (var i = 0; i < preloads.length; i += 1) {
      var files = preloads[i].getAttribute('content').split(' ');
      for (var j = 0; j < files.length; j += 1) {
        if (!files[j]) continue;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = files[j];
        links.appendChild(link);
      }
    }
    document.head.appendChild(links);
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.getAttribute('content');
    document.head.appendChild(script);
  }
  function afterNextPaint(then) {
    requestAnimationFrame(function () { setTimeout(then, 0); });
  }
  function afterFirstPhoto() {
    var photo = document.querySelector('#root img:not([loading="lazy"])');
    if (!photo || photo.complete) return afterNextPaint(start);
    setTimeout(start, PHOTO_WAIT_MS);
    photo.addEventListener('load', function () {
      (photo.decode ? photo.decode() : Promise.resolve()).then(
        function () { afterNextPaint(start); },
        start
      );
    });
    photo.addEventListener('error', start);
  }
  function afterContentfulPaint(then) {
    var observer;
    try {
      observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        then();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch (error) {
      afterNextPaint(then);
    }
  }
  function whenParsed() {
    var root = document.getElementById('root');
    if (document.hidden || !root || !root.hasAttribute('data-prerendered')) return start();
    // A hidden page does not paint; and however the page paints, the app is never held longer.
    document.addEventListener('visibilitychange', function () { if (document.hidden) start(); });
    setTimeout(start, LONGEST_WAIT_MS);
    afterContentfulPaint(afterFirstPhoto);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
})();`;
