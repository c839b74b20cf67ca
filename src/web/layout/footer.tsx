import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../components/use-near-viewport.ts';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { shop } from '#shared/shop.ts';
import { SocialLinks } from '../components/social-links.tsx';
import { paths } from '#shared/paths.ts';
import { WITHDRAW_LABEL } from '#shared/withdrawal.ts';
import { shopDetailsQuery } from '../features/contact/api.ts';
import { siteLinks } from './site-links.ts';
import BiArrowUpIcon from '~icons/bi/arrow-up';
import BiJournalTextIcon from '~icons/bi/journal-text';

// Its own chunk, fetched when the customer scrolls near the footer: the form's validation (zod, react-hook-form)
// is about as much code again as the page's own, and a phone should not run it while taking the page over.
const NewsletterForm = lazy(async () => ({ default: (await import('../features/newsletter/newsletter-form.tsx')).NewsletterForm }));

/** The form's room while its code loads. */
const newsletterRoom = <div style={{ minHeight: '11rem' }} aria-hidden="true" />;

const siteMap = siteLinks(['home', 'products', 'digitalProducts', 'services', 'contact', 'terms', 'sitemap']);

const backToTop = () => {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  document.getElementById('conteudo')?.focus({ preventScroll: true });
};

export function Footer() {
  const details = useQuery(shopDetailsQuery);
  const newsletter = useRef<HTMLDivElement>(null);
  const nearNewsletter = useNearViewport(newsletter);
  return (
    <footer className="site-footer mt-auto pt-5 pb-4">
      <Container>
        <div className="row g-4">
          <nav className="col-12 col-md-6 col-lg-3" aria-labelledby="footer-map">
            <h2 id="footer-map" className="h6 text-uppercase">
              Mapa do site
            </h2>
            <ul className="list-unstyled mb-0">
              {siteMap.map((link) => (
                <li key={link.to}>
                  {/* Stacked links a phone's finger can tell apart (WCAG 2.2 target size, 24 px). */}
                  <Link to={link.to} className="d-inline-block py-1">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="col-12 col-md-6 col-lg-3">
            <h2 className="h6 text-uppercase">{shop.name}</h2>
            <blockquote className="blockquote fs-6 fst-italic mb-3">
              <p className="mb-0">“{shop.quote}”</p>
            </blockquote>
            <SocialLinks links={details.data?.social} linkClassName="fs-4" />
          </div>
          <div className="col-12 col-md-6 col-lg-3">
            <h2 className="h6 text-uppercase">Apoio ao cliente</h2>
            <p className="mb-3">
              <Link to={paths.withdrawalRequest} className="d-inline-block py-1">
                {WITHDRAW_LABEL}
              </Link>
            </p>
            <a
              href={paths.complaintsBook}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-outline-light d-inline-flex align-items-center gap-2"
            >
              <BiJournalTextIcon className="bi" aria-hidden="true" />
              Livro de Reclamações Eletrónico
              <span className="visually-hidden">(abre numa nova janela)</span>
            </a>
          </div>
          <div ref={newsletter} className="col-12 col-md-6 col-lg-3">
            {/* Its code comes after the page's, near the footer: the room for it is kept until then. */}
            {nearNewsletter ?
              <Suspense fallback={newsletterRoom}>
                <NewsletterForm />
              </Suspense>
            : newsletterRoom}
          </div>
        </div>
        <div className="d-flex flex-wrap justify-content-between align-items-center border-top border-secondary mt-4 pt-3 gap-2">
          <small>
            © {new Date().getFullYear()} {shop.name}. Todos os direitos reservados.
          </small>
          <button type="button" className="btn btn-sm btn-outline-light" onClick={backToTop}>
            <BiArrowUpIcon className="bi me-1" aria-hidden="true" />
            Voltar ao topo
          </button>
        </div>
      </Container>
    </footer>
  );
}
