import './contact.css';
import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { ContactDetails } from './contact-details.tsx';

// Its own chunk (the form's validation: zod, react-hook-form): the page reads without it, and a
// server-rendered page keeps the form's HTML in place until this code has come and taken it over.
const ContactForm = lazy(async () => ({ default: (await import('./contact-form.tsx')).ContactForm }));

/** /contactos (backoffice.md §2): the shop's contacts beside the message form. */
export function ContactPage() {
  return (
    <Container className="py-4 py-md-5">
      <h1 className="mb-2">Contactos</h1>
      <p className="lead text-secondary mb-4">Tem uma pergunta sobre um produto, uma encomenda ou uma sessão de organização? Escreva-nos: respondemos em dias úteis.</p>
      <div className="row g-4">
        <div className="col-12 col-lg-5">
          <ContactDetails />
        </div>
        <div className="col-12 col-lg-7">
          <section className="card shadow-sm" aria-labelledby="contact-form-title">
            <div className="card-body p-4">
              <h2 id="contact-form-title" className="h4 mb-1">
                Envie-nos uma mensagem
              </h2>
              <p className="text-secondary small mb-4">Todos os campos são obrigatórios.</p>
              <Suspense fallback={<div className="contact-form-room" aria-hidden="true" />}>
                <ContactForm />
              </Suspense>
            </div>
          </section>
        </div>
      </div>
    </Container>
  );
}
