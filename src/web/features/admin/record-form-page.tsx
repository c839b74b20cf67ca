import { type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta.tsx';
import { RequireAdmin } from '../../session/guards.tsx';
import { adminListHref } from './admin-tabs.ts';
import { QueryState, recordIdFrom } from './query-state.tsx';
import { nounWords, type RecordNoun } from './record-noun.ts';

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

/** A kind of record with a page of its own: its name and list, the width of its form, and its load's failures. */
export type RecordKind = RecordNoun & {
  width: string;
  loadError: string;
  notFound: string;
};

type Props<T extends { id: number }, K extends QueryKey> = {
  kind: RecordKind;
  query: (id: number) => UseQueryOptions<T, Error, T, K>;
  /** The form, empty on the create page (no record), filled on the edit page. */
  form: (record?: T) => ReactNode;
};

/** An admin create page (no `:id`) or edit page (`/edit-…/:id`) for one record: admins only, the record loaded, not found on a bad or unknown id. */
export function RecordFormPage<T extends { id: number }, K extends QueryKey>(props: Props<T, K>) {
  return (
    <RequireAdmin>
      <RecordFormScreen {...props} />
    </RequireAdmin>
  );
}

function RecordFormScreen<T extends { id: number }, K extends QueryKey>({ kind, query, form }: Props<T, K>) {
  const { id } = useParams();
  const words = nounWords(kind);
  const notFound = <RecordNotFound message={kind.notFound} listHref={adminListHref(kind.list)} listLabel={words.backToList} />;
  if (id === undefined) {
    return (
      <AdminFormShell title={words.create} description={words.createAbout} width={kind.width}>
        {form()}
      </AdminFormShell>
    );
  }
  const recordId = recordIdFrom(id);
  return (
    <AdminFormShell title={words.edit} description={words.editAbout} width={kind.width}>
      {recordId === null ? notFound : <EditRecord id={recordId} query={query} form={form} loadingLabel={words.loadingOne} loadError={kind.loadError} notFound={notFound} />}
    </AdminFormShell>
  );
}

type EditProps<T extends { id: number }, K extends QueryKey> = Pick<Props<T, K>, 'query' | 'form'> & { id: number; loadingLabel: string; loadError: string; notFound: ReactNode };

function EditRecord<T extends { id: number }, K extends QueryKey>({ id, query, form, loadingLabel, loadError, notFound }: EditProps<T, K>) {
  const record = useQuery(query(id));
  return (
    <QueryState query={record} loadingLabel={loadingLabel} loadError={loadError} notFound={notFound}>
      {/* A fresh form per record, so its default values are this record's. */}
      {(data) => <Fragment key={data.id}>{form(data)}</Fragment>}
    </QueryState>
  );
}
