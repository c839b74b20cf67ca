import './services.css';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useNavigation, useSearchParams } from 'react-router';
import { serviceMessages } from '#shared/texts/services.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { SearchSortBar } from '../../components/search-sort-bar.tsx';
import { ServiceCard } from './service-card.tsx';
import { DEFAULT_SERVICE_SORT, isServiceSort, serviceSortOptions, visibleServices, type ServiceSort } from './service-list.ts';
import { servicesQueryOptions } from './api.ts';

/** The address follows the search box this long after the last key (the list itself filters at once). */
const ADDRESS_DELAY_MS = 300;

/** /servicos (backoffice.md §2, §5, §8): searched and sorted in the browser, the list being short. */
export function ServicesPage() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: ServiceSort = isServiceSort(sortParam) ? sortParam : DEFAULT_SERVICE_SORT;
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const services = useQuery(servicesQueryOptions);
  const navigation = useNavigation();

  // The search goes into the address (a shared link or Back shows the same list), replacing the entry;
  // never while another page loads, which would cancel the visitor's click on a card.
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (navigation.state !== 'idle') return;
    const timer = window.setTimeout(() => {
      const text = query.trim();
      if ((params.get('q') ?? '') === text) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text) next.set('q', text);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, ADDRESS_DELAY_MS);
    pending.current = timer;
    return () => window.clearTimeout(timer);
  }, [query, params, setParams, navigation.state]);
  // A link clicked while that update waits wins: the update, run after, would cancel the link's navigation.
  const onClickCapture = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) window.clearTimeout(pending.current);
  };

  const onSort = (value: string) => {
    if (!isServiceSort(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('sort', value);
        return next;
      },
      { replace: true },
    );
  };

  let body: ReactNode;
  if (services.isPending) {
    body = <PageSpinner label="A carregar serviços..." />;
  } else if (services.isError) {
    body = <RetryAlert message={serviceMessages.listError} onRetry={() => void services.refetch()} retrying={services.isFetching} />;
  } else {
    const shown = visibleServices(services.data, query, sort);
    body =
      shown.length === 0 ?
        <Alert variant="info" aria-live="polite">
          {serviceMessages.empty}
        </Alert>
      : <>
          <p className="text-secondary small" aria-live="polite">
            {shown.length === 1 ? '1 serviço encontrado' : `${shown.length} serviços encontrados`}
          </p>
          <Row as="ul" xs={2} lg={3} xl={4} className="card-grid list-unstyled g-3 g-md-4 mb-0">
            {shown.map((service, index) => (
              <Col as="li" key={service.id}>
                <ServiceCard service={service} priority={index === 0} />
              </Col>
            ))}
          </Row>
        </>;
  }

  return (
    <Container className="py-4 py-md-5" onClickCapture={onClickCapture}>
      <h1 className="services-heading h2 mb-4">Serviços</h1>
      <SearchSortBar
        idPrefix="servicos"
        search={{ placeholder: 'Pesquisar serviços...', value: query, onChange: setQuery, onSubmit: (event) => event.preventDefault() }}
        sort={{ value: sort, options: serviceSortOptions, onChange: onSort }}
      />
      {body}
    </Container>
  );
}
