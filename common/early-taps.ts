/**
 * A page the server rendered shows its buttons before the app's script has taken it over. This
 * small script, inlined in the page's head (allowed by its hash in the Content-Security-Policy,
 * server/plugins/security.ts), holds a tap on a button or a form's submission until then: the
 * control shows it was pressed (`data-early-tap`, client/index.css), and the app replays the
 * tap once it has taken the page over (client/lib/early-taps.ts). Links work without it. Plain
 * ES5 because it runs before anything else, in any browser the page is shown in.
 */
export const EARLY_TAPS_SCRIPT = `(function () {
  var root = document.documentElement;
  var held = (window.__littleloopEarlyTaps = []);
  var CONTROLS = 'button, [role="button"], [role="tab"], [role="switch"], [role="combobox"], [role="menuitem"]';
  // A control React has already taken over acts on the tap itself (a screen rendered in the
  // browser, or the part of a page hydrated first): holding it too would play it twice. The
  // same test as isHydrated in client/lib/early-taps.ts, which this script cannot import.
  function alive(element) {
    return Object.keys(element).some(function (key) { return key.indexOf('__reactProps$') === 0; });
  }
  function hold(target) {
    if (held.indexOf(target) < 0) held.push(target);
    target.setAttribute('data-early-tap', '');
  }
  document.addEventListener('click', function (event) {
    if (root.hasAttribute('data-ready') || !(event.target instanceof Element)) return;
    var control = event.target.closest(CONTROLS);
    if (!control || control.closest('a[href]') || alive(control)) return;
    event.preventDefault();
    hold(control);
  }, true);
  document.addEventListener('submit', function (event) {
    if (root.hasAttribute('data-ready') || alive(event.target)) return;
    event.preventDefault();
    hold(event.target);
  }, true);
})();`;
