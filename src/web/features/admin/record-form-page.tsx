import { type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta.tsx';
import { RequireAdmin } from '../../session/guards.tsx';
import { QueryState, recordIdFrom } from './query-state.tsx';

type ShellProps = { title: string; description: string; width: string; children: ReactNode };

/** An admin create/edit page's frame: its meta (never indexed) and heading. */
export function AdminFormShell({ title, description, width, children }: ShellProps) {
  return (
    <Container className="py-4" style={{ maxWidth: width }}>
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}

export type RecordNotFoundProps = { message: string; listHref: string; listLabel: string };

/** What an edit page shows for an unknown id: the spec's message and the way back to the list. */
export function RecordNotFound({ message, listHref, listLabel }: RecordNotFoundProps) {
  return (
    <Alert variant="warning">
      <p>{message}</p>
      <Link to={listHref} className="alert-link">
        {listLabel}
      </Link>
    </Alert>
  );
}

type Props<T extends { id: number }, K extends QueryKey> = {
  /** The Container's max width. */
  width: string;
  create: { title: string; description: string; form: ReactNode };
  edit: {
    title: string;
    description: string;
    query: (id: number) => UseQueryOptions<T, Error, T, K>;
    loadingLabel: string;
    loadError: string;
    form: (record: T) => ReactNode;
  };
  notFound: RecordNotFoundProps;
};

/** An admin create page (no `:id`) or edit page (`/edit-…/:id`) for one record: admins only, the record loaded, not found on a bad or unknown id. */
export function RecordFormPage<T extends { id: number }, K extends QueryKey>(props: Props<T, K>) {
  return (
    <RequireAdmin>
      <RecordFormScreen {...props} />
    </RequireAdmin>
  );
}

function RecordFormScreen<T extends { id: number }, K extends QueryKey>({ width, create, edit, notFound }: Props<T, K>) {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <AdminFormShell title={create.title} description={create.description} width={width}>
        {create.form}
      </AdminFormShell>
    );
  }
  const recordId = recordIdFrom(id);
  return (
    <AdminFormShell title={edit.title} description={edit.description} width={width}>
      {recordId === null ?
        <RecordNotFound {...notFound} />
      : <EditRecord id={recordId} edit={edit} notFound={notFound} />}
    </AdminFormShell>
  );
}

function EditRecord<T extends { id: number }, K extends QueryKey>({ id, edit, notFound }: { id: number } & Pick<Props<T, K>, 'edit' | 'notFound'>) {
  const record = useQuery(edit.query(id));
  return (
    <QueryState query={record} loadingLabel={edit.loadingLabel} loadError={edit.loadError} notFound={<RecordNotFound {...notFound} />}>
      {/* A fresh form per record, so its default values are this record's. */}
      {(data) => <Fragment key={data.id}>{edit.form(data)}</Fragment>}
    </QueryState>
  );
}
