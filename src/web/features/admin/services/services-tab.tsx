import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { serviceMessages, type Service } from '#shared/schemas/services.ts';
import { paths } from '../../../paths.ts';
import { NoticeAlert } from '../notice-alert.tsx';
import { QueryState } from '../query-state.tsx';
import { servicesQueryOptions, useDeleteService } from './api.ts';
import { DeleteServiceModal } from './delete-service-modal.tsx';
import { ServicesTable } from './services-table.tsx';

/** What the services tab shows after coming back from the form. */
export type ServicesNotice = { notice: string };

const noticeFrom = (state: unknown): string | null =>
  state && typeof state === 'object' && typeof (state as ServicesNotice).notice === 'string' ? (state as ServicesNotice).notice : null;

/** The Serviços tab of the admin dashboard (backoffice.md §2, §8): every service, in the shop's order. */
export function ServicesTab() {
  const location = useLocation();
  const services = useQuery(servicesQueryOptions());
  const remove = useDeleteService();
  const [target, setTarget] = useState<Service | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // A save or a delete on the form page comes back here with its message.
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(location.state));

  const askDelete = (service: Service) => {
    remove.reset();
    setNotice(null);
    setTarget(service);
    setConfirmOpen(true);
  };

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirmOpen(false);
        setNotice(serviceMessages.deleted);
      },
    });
  };

  const count = services.data?.length ?? 0;
  return (
    <section aria-label="Serviços">
      <div className="d-flex flex-column flex-sm-row align-items-stretch align-items-sm-center justify-content-between gap-3 mb-3">
        <p className="small text-secondary mb-0" role="status">
          {services.isSuccess && (count === 0 ? 'Ainda não existem serviços.' : `${count} ${count === 1 ? 'serviço' : 'serviços'}`)}
        </p>
        <Link to={paths.adminCreateService} className="btn btn-primary">
          <i className="bi bi-plus-lg me-2" aria-hidden="true" />
          Novo serviço
        </Link>
      </div>

      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />

      <QueryState query={services} loadingLabel="A carregar serviços..." loadError={serviceMessages.adminListError}>
        {(list) => count > 0 && <ServicesTable services={list} onDelete={askDelete} />}
      </QueryState>

      <DeleteServiceModal
        name={target?.name}
        show={confirmOpen}
        deleting={remove.isPending}
        error={remove.isError ? serviceMessages.adminDeleteError : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
        onExited={() => setTarget(null)}
      />
    </section>
  );
}
