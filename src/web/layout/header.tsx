import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Collapse from 'react-bootstrap/Collapse';
import Container from 'react-bootstrap/Container';
import NavbarContext, { type NavbarContextType } from 'react-bootstrap/NavbarContext';
import { Link, NavLink, useLocation } from 'react-router';
import { shop } from '#shared/shop.ts';
import { paths } from '#shared/paths.ts';
import { useHydrated } from '../components/use-hydrated.ts';
import { useSession } from '../session/session.tsx';
import { CART_BADGE_CLASS, CartCountAnnouncer } from './cart-count-announcer.tsx';
import { HEADER_SEARCH_FIELD, HEADER_SEARCH_ID, HeaderSearch } from './header-search.tsx';
import { siteLinks } from './site-links.ts';
import { useCartCount } from './use-cart-count.ts';
import BiBagHeartIcon from '~icons/bi/bag-heart';
import BiCart3Icon from '~icons/bi/cart3';
import BiSearchIcon from '~icons/bi/search';

const SignedInMenu = lazy(async () => ({ default: (await import('./signed-in-menu.tsx')).SignedInMenu }));

const links = siteLinks(['products', 'digitalProducts', 'services', 'contact', 'about']);

function AccountMenu() {
  const session = useSession();
  if (session.status === 'unknown') return null;
  if (!session.user) {
    return (
      <Link to={paths.login} className="btn btn-primary ms-md-2">
        Login
      </Link>
    );
  }
  // Its own chunk (with the dropdown's positioning library): only a signed-in customer opens it.
  return (
    <Suspense fallback={null}>
      <SignedInMenu />
    </Suspense>
  );
}

/**
 * The cart link with its badge; on phones it stays beside the menu button instead of inside the menu. Between
 * 768 and 992 px it is the icon alone (its name stays in aria-label), so the bar keeps to one line.
 */
function CartLink({ className, count }: { className: string; count: number }) {
  return (
    <NavLink to={paths.cart} className={`align-items-center ${className} nav-link`} aria-label={count > 0 ? `Carrinho, ${count} artigos` : 'Carrinho'}>
      <BiCart3Icon className="bi me-1" aria-hidden="true" />
      <span className="d-md-none d-lg-inline">Carrinho</span>
      {count > 0 && (
        <Badge bg="danger" pill className={`ms-1 ${CART_BADGE_CLASS}`} aria-hidden="true">
          {count}
        </Badge>
      )}
    </NavLink>
  );
}

/**
 * Between 768 and 1200 px the bar keeps to one line (storefront.md §2): the search is a button there that shows
 * its row under the bar and puts the focus in it; below and above it the field is always shown.
 */
function SearchToggle({ shown, onShow }: { shown: boolean; onShow: () => void }) {
  // Before the app runs a click would do nothing: the button waits for it.
  const hydrated = useHydrated();
  return (
    <button type="button" disabled={!hydrated} className="nav-link btn btn-link d-none d-md-flex d-xl-none" aria-label="Mostrar a pesquisa" aria-expanded={shown} aria-controls={HEADER_SEARCH_ID} onClick={onShow}>
      <BiSearchIcon className="bi" aria-hidden="true" />
    </button>
  );
}

export function Header() {
  const location = useLocation();
  // storefront.md §2: the mobile menu closes on every navigation. It is open only for the location
  // where it was opened, so any navigation (a new location key) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const expanded = openAt === location.key;
  const cartCount = useCartCount();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The search row between 768 and 1200 px: shown for the location where it was asked for, as the menu.
  const [searchAt, setSearchAt] = useState<string | null>(null);
  const searchShown = searchAt === location.key;
  useEffect(() => {
    if (searchShown) document.getElementById(HEADER_SEARCH_FIELD)?.focus();
  }, [searchShown]);

  // Escape closes the open menu and gives the focus back to its button (unless a dropdown inside takes it).
  useEffect(() => {
    if (!expanded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [expanded]);

  // What react-bootstrap's Navbar tells the parts inside it (the account menu's dropdown lays itself out as a
  // navbar's, in the flow of the open menu on a phone, rather than floating), and the toggle's click.
  const navbar = useMemo<NavbarContextType>(
    () => ({ onToggle: () => setOpenAt(expanded ? null : location.key), bsPrefix: 'navbar', expanded, expand: 'md' }),
    [expanded, location.key],
  );

  // Bootstrap's navbar markup, as react-bootstrap's Navbar writes it, without that component: it brings its
  // off-canvas variant (a modal with its manager and focus trap, about 5 KB gzip) into every first page, and
  // the header never uses it. The collapse keeps react-bootstrap's animation.
  return (
    <NavbarContext.Provider value={navbar}>
      <nav className="border-bottom shadow-sm navbar navbar-expand-md navbar-light bg-white sticky-top">
        <Container>
          <Link to={paths.home} className="fw-semibold text-brand navbar-brand">
            <BiBagHeartIcon className="bi me-2" aria-hidden="true" />
            {shop.name}
          </Link>
          <CartLink className="d-md-none ms-auto me-2" count={cartCount} />
          <button ref={toggleRef} type="button" className={`navbar-toggler${expanded ? '' : ' collapsed'}`} aria-controls="main-nav" aria-expanded={expanded} aria-label="Abrir menu" onClick={navbar.onToggle}>
            <span className="navbar-toggler-icon" />
          </button>
          {/* Its own row under the bar up to 1200 px, beside the brand from there (styles.css). */}
          <HeaderSearch className={searchShown ? 'header-search-shown' : ''} />
          <Collapse in={expanded}>
            <div id="main-nav" className="navbar-collapse">
              <ul className="me-auto navbar-nav">
                {links.map((link) => (
                  <li key={link.to} className="nav-item">
                    <NavLink to={link.to} className="text-nowrap nav-link">
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="align-items-md-center gap-2 navbar-nav">
                <SearchToggle shown={searchShown} onShow={() => setSearchAt(searchShown ? null : location.key)} />
                <CartLink className="d-none d-md-flex" count={cartCount} />
                <AccountMenu />
              </div>
            </div>
          </Collapse>
          <CartCountAnnouncer />
        </Container>
      </nav>
    </NavbarContext.Provider>
  );
}
