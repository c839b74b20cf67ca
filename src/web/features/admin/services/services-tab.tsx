import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { serviceMessages, type Service } from '#shared/schemas/services.ts';
import { paths } from '#shared/paths.ts';
import { NoticeAlert, noticeFrom } from '../notice-alert.tsx';
import { QueryState } from '../query-state.tsx';
import { servicesQueryOptions, useDeleteService } from './api.ts';
import { ServicesTable } from './services-table.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import BiPlusLgIcon from '~icons/bi/plus-lg';


/** The Serviços tab of the admin dashboard (backoffice.md §2, §8): every service, in the shop's order. */
export function ServicesTab() {
  const location = useLocation();
  const services = useQuery(servicesQueryOptions());
  const remove = useDeleteService();
  // A save or a delete on the form page comes back here with its message.
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(location.state));

  const confirm = useConfirmDelete<Service, number, { message: string }>(remove, {
    keyOf: (service) => service.id,
    failed: () => serviceMessages.adminDeleteError,
    onAsk: () => setNotice(null),
    onDeleted: () => setNotice(serviceMessages.deleted),
  });

  const count = services.data?.length ?? 0;
  return (
    <section aria-label="Serviços">
      <div className="d-flex flex-column flex-sm-row align-items-stretch align-items-sm-center justify-content-between gap-3 mb-3">
        <p className="small text-secondary mb-0" role="status">
          {services.isSuccess && (count === 0 ? 'Ainda não existem serviços.' : `${count} ${count === 1 ? 'serviço' : 'serviços'}`)}
        </p>
        <Link to={paths.adminCreateService} className="btn btn-primary">
          <BiPlusLgIcon className="bi me-2" aria-hidden="true" />
          Novo serviço
        </Link>
      </div>

      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />

      <QueryState query={services} loadingLabel="A carregar serviços..." loadError={serviceMessages.adminListError}>
        {(list) => count > 0 && <ServicesTable services={list} onDelete={confirm.ask} />}
      </QueryState>

      <ConfirmDeleteModal
        {...confirm.modal}
        title="Eliminar serviço"
        question={
          <>
            {serviceMessages.confirmDelete}
            <strong className="d-block text-break mt-2">{confirm.target?.name}</strong>
          </>
        }
      />
    </section>
  );
}
