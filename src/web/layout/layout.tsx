import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useServerHeadUntilNavigation } from './server-head.ts';

export function Layout() {
  useServerHeadUntilNavigation();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#conteudo" className="visually-hidden-focusable skip-link">
        Saltar para o conteúdo
      </a>
      <Header />
      <main id="conteudo" tabIndex={-1} className="flex-grow-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
