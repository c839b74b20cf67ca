// How a server-rendered page starts its app (modules/seo/app-shell.ts writes the list in the head): the page
// can be read already, so its code is fetched once the page and its main picture have loaded, every file at
// once, and then takes the page over (src/web/main.tsx). Until then nothing competes with what the customer
// sees first on a phone's connection.
const files = document.querySelector('meta[name="loja-app"]')?.getAttribute('content')?.split(' ').filter(Boolean) ?? [];

function start() {
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

if (document.readyState === 'complete') start();
else addEventListener('load', start, { once: true });
