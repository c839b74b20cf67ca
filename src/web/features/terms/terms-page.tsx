import './terms.css';
import Container from 'react-bootstrap/Container';
import { formatCalendarDay } from '#shared/dates.ts';
import { PageBreadcrumb } from '../../components/page-breadcrumb.tsx';
import { termsSections } from './terms-sections.tsx';

/**
 * The day these terms last changed: edit it with the text. ARCHITECTURE.md: not today's date, which would
 * tell customers the terms change every day.
 */
export const TERMS_UPDATED_ON = '2026-11-26';

/** /termos-privacidade (backoffice.md §2): terms of sale and privacy policy, with a table of contents. */
export function TermsPage() {
  return (
    <Container className="py-4 py-md-5 terms-page">
      <PageBreadcrumb current="Termos e Privacidade" />
      <h1 className="mb-2">Termos e Privacidade</h1>
      <p className="text-secondary">
        Última atualização: <time dateTime={TERMS_UPDATED_ON}>{formatCalendarDay(TERMS_UPDATED_ON)}</time>
      </p>

      <div className="row g-4 g-lg-5 mt-0">
        <div className="col-12 col-lg-4 order-lg-2">
          <nav className="terms-toc card" aria-labelledby="terms-toc-title">
            <div className="card-body">
              <h2 id="terms-toc-title" className="h6 text-uppercase mb-3">
                Índice
              </h2>
              <ol className="mb-0 ps-3">
                {termsSections.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`}>{section.title}</a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
        </div>
        <div className="col-12 col-lg-8 order-lg-1">
          {termsSections.map((section, i) => (
            <section key={section.id} id={section.id} className="terms-section" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="h4">
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </Container>
  );
}
