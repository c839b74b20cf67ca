import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { formatDateTime, isCalendarDay } from '#shared/dates.ts';
import { AUDIT_ENTITIES, auditActionLabel, type AuditEntity, auditEntityLabel, auditMessages } from '#shared/schemas/audit.ts';
import { PaginationNav } from '../../../components/pagination-nav.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { AdminTable } from '../admin-table.tsx';
import { QueryState } from '../query-state.tsx';
import { type AuditFilters, auditQueryOptions } from './api.ts';
import { AuditChanges } from './audit-changes.tsx';
import { LabelOptions } from '../../../components/form/label-options.tsx';

const PARAMS = { entity: 'entidade', actor: 'quem', from: 'desde', to: 'ate' } as const;

/** The filters as the address holds them (a reload or a shared link shows the same entries). */
function useAuditFilters() {
  const { params, page, set, setPage } = useListParams();
  const entity = params.get(PARAMS.entity);
  const actor = Number(params.get(PARAMS.actor));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isCalendarDay(value) ? value : undefined;
  };
  const filters: AuditFilters = {
    entity: (AUDIT_ENTITIES as readonly string[]).includes(entity ?? '') ? (entity as AuditEntity) : undefined,
    actor: Number.isInteger(actor) && actor > 0 ? actor : undefined,
    from: day(PARAMS.from),
    to: day(PARAMS.to),
    page,
  };
  /** Changes one filter (and goes back to the first page). */
  const setFilter = (name: keyof typeof PARAMS, value: string | undefined) => set({ [PARAMS[name]]: value }, { replace: true });
  return { filters, setFilter, setPage };
}

/** "Registo": every change made in the back office, newest first (issue #17). Read only. */
export function AuditTab() {
  const id = useId();
  const { filters, setFilter, setPage } = useAuditFilters();
  const query = useQuery(auditQueryOptions(filters));
  const rangeWrong = filters.from && filters.to && filters.from > filters.to;

  return (
    <>
      <h2 className="h4">Registo de alterações</h2>
      <p className="text-secondary">O que foi alterado no painel, por quem, de que endereço e quando. Nada aqui pode ser editado ou apagado.</p>
      <Form className="row g-2 align-items-end mb-3" onSubmit={(e) => e.preventDefault()} aria-label="Filtrar o registo">
        <Form.Group className="col-6 col-md-3" controlId={`${id}-entity`}>
          <Form.Label>Tipo</Form.Label>
          <Form.Select value={filters.entity ?? ''} onChange={(e) => setFilter('entity', e.target.value || undefined)}>
            <option value="">Todos</option>
            <LabelOptions values={AUDIT_ENTITIES} labels={auditEntityLabel} />
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId={`${id}-actor`}>
          <Form.Label>Quem</Form.Label>
          <Form.Select value={filters.actor ?? ''} onChange={(e) => setFilter('actor', e.target.value || undefined)}>
            <option value="">Todos os administradores</option>
            {(query.data?.actors ?? []).map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.email}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId={`${id}-from`}>
          <Form.Label>Desde</Form.Label>
          <Form.Control type="date" value={filters.from ?? ''} onChange={(e) => setFilter('from', e.target.value || undefined)} />
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId={`${id}-to`}>
          <Form.Label>Até</Form.Label>
          <Form.Control
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => setFilter('to', e.target.value || undefined)}
            isInvalid={Boolean(rangeWrong)}
            aria-describedby={rangeWrong ? `${id}-range` : undefined}
          />
          {rangeWrong && (
            <Form.Control.Feedback id={`${id}-range`} type="invalid">
              {auditMessages.range}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      </Form>
      <QueryState query={query} loadingLabel="A carregar o registo..." loadError="Não foi possível carregar o registo.">
        {(log) =>
          log.rows.length === 0 ?
            <p>Nenhuma alteração registada{filters.entity || filters.actor || filters.from || filters.to ? ' com estes filtros' : ''}.</p>
          : <>
              <p className="small text-secondary" role="status">
                {log.count === 1 ? '1 alteração' : `${log.count} alterações`}
              </p>
              <AdminTable label="Registo de alterações" caption="Alterações feitas no painel, da mais recente para a mais antiga" columns={['Quando', 'Quem', 'O quê', 'Alterações']}>
                {log.rows.map((entry) => (
                  <tr key={entry.id}>
                    <td className="text-nowrap small">{formatDateTime(entry.at)}</td>
                    <td className="small">
                      {entry.actor.email || 'Sem sessão'}
                      {entry.ip && <span className="d-block text-secondary">{entry.ip}</span>}
                    </td>
                    <td className="small">
                      {auditActionLabel[entry.action]} · {auditEntityLabel[entry.entity]} <span className="text-secondary">{entry.entityId}</span>
                    </td>
                    <td>
                      <AuditChanges entry={entry} />
                    </td>
                  </tr>
                ))}
              </AdminTable>
              <PaginationNav page={log.page} totalPages={Math.max(1, Math.ceil(log.count / log.pageSize))} onChange={setPage} label="Páginas do registo" />
            </>
        }
      </QueryState>
    </>
  );
}
