import { useQuery } from '@tanstack/react-query';
import Spinner from 'react-bootstrap/Spinner';
import { contactMessages, OPENING_HOURS } from '#shared/texts/contact.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { SocialLinks } from '../../components/social-links.tsx';
import { shopDetailsQuery, telHref } from './api.ts';
import BiClockIcon from '~icons/bi/clock';
import BiEnvelopeIcon from '~icons/bi/envelope';
import BiGeoAltIcon from '~icons/bi/geo-alt';
import BiTelephoneIcon from '~icons/bi/telephone';

/** backoffice.md §2: phone, e-mail, hours Monday to Friday 9h to 18h, social links. */
export function ContactDetails() {
  const details = useQuery(shopDetailsQuery);
  return (
    <section className="card shadow-sm h-100" aria-labelledby="contact-details-title">
      <div className="card-body p-4">
        <h2 id="contact-details-title" className="h4 mb-4">
          Fale connosco
        </h2>
        {details.isPending ?
          <div className="d-flex align-items-center gap-2 text-secondary" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            A carregar os contactos...
          </div>
        : details.isError ?
          <RetryAlert message={contactMessages.shopLoadError} onRetry={() => void details.refetch()} retrying={details.isFetching} />
        : <address className="mb-0">
            <dl className="contact-list mb-0">
              <dt>
                <BiTelephoneIcon className="bi me-2" aria-hidden="true" />
                Telefone e WhatsApp
              </dt>
              <dd>
                <a href={telHref(details.data.phone)}>{details.data.phone}</a>
              </dd>
              <dt>
                <BiEnvelopeIcon className="bi me-2" aria-hidden="true" />
                Email
              </dt>
              <dd>
                <a href={`mailto:${details.data.email}`}>{details.data.email}</a>
              </dd>
              <dt>
                <BiClockIcon className="bi me-2" aria-hidden="true" />
                Horário
              </dt>
              <dd>{OPENING_HOURS}</dd>
              <dt>
                <BiGeoAltIcon className="bi me-2" aria-hidden="true" />
                Morada
              </dt>
              <dd>{details.data.address}</dd>
            </dl>
          </address>
        }
        {details.data?.social.length ?
          <>
            <h3 className="h6 mt-4">Redes sociais</h3>
            <SocialLinks links={details.data.social} linkClassName="contact-social" />
          </>
        : null}
      </div>
    </section>
  );
}
