// How a server-rendered page starts its app (modules/seo/app-shell.ts writes the list in the head): the page
// can be read already, so its code is fetched once the page and its main picture have loaded and been painted,
// every file at once, and then takes the page over (src/web/main.tsx). Until then nothing competes with what
// the customer sees first on a phone's connection.
const files = document.querySelector('meta[name="loja-app"]')?.getAttribute('content')?.split(' ').filter(Boolean) ?? [];

let started = false;

function start() {
  if (started) return;
  started = true;
  // One insertion for every file: the head changes once.
  const links = document.createDocumentFragment();
  for (const href of files.slice(1)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  if (files[0]) void import(files[0]);
}

// Once the page has loaded and its first content is painted: a page that loads before its first paint (a slow
// phone; pictures further down the page do not hold the load event back) does not spend its first bytes and its
// main thread on code while the text and the main picture wait. The buttons work meanwhile (forms, decision
// 0056). A browser that does not report paints starts after the next frame; a hidden tab paints nothing: it
// starts a second later all the same.
function afterPaint() {
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  setTimeout(start, 1000);
}

if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
