import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { paths } from '#shared/paths.ts';
import { CartDrawerHost } from '../features/cart/cart-drawer-host.tsx';
import { RouteHead } from '../head/page-head.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useServerHeadUntilNavigation } from './server-head.ts';

/** The back office's own foot: no shop footer, no newsletter form; a way back to the shop. */
function BackOfficeFooter() {
  return (
    <footer className="border-top py-3 small">
      <div className="container d-flex flex-wrap justify-content-between gap-2">
        <span>Painel de administração</span>
        <Link to={paths.home}>Ver a loja</Link>
      </div>
    </footer>
  );
}

export function Layout() {
  useServerHeadUntilNavigation();
  const inBackOffice = useLocation().pathname.startsWith(paths.admin);
  return (
    <div className="d-flex flex-column min-vh-100">
      <RouteHead />
      <a href="#conteudo" className="visually-hidden-focusable skip-link">
        Saltar para o conteúdo
      </a>
      <Header />
      <main id="conteudo" tabIndex={-1} className="flex-grow-1">
        <Outlet />
      </main>
      {inBackOffice ? <BackOfficeFooter /> : <Footer />}
      {!inBackOffice && <CartDrawerHost />}
      <ScrollRestoration />
    </div>
  );
}
