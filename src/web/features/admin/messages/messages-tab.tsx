import './messages.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { type ContactMessage, contactMessages } from '#shared/schemas/contact.ts';
import { errorMessage } from '../../../api/client.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { PaginationNav } from '../../../components/pagination-nav.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { messagesQueryOptions, useMarkRead } from './api.ts';
import { pastLastPage } from '../../../components/use-list-params.ts';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

function MessageItem({ message, marking, onMarkRead }: { message: ContactMessage; marking: boolean; onMarkRead: () => void }) {
  const unread = message.readAt === null;
  const titleId = `mensagem-${message.id}`;
  return (
    <li className={`list-group-item py-3${unread ? ' contact-message--unread' : ''}`}>
      <article aria-labelledby={titleId}>
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
          <h3 id={titleId} className="h6 mb-0 text-break">
            {unread && <span className="visually-hidden">Por ler: </span>}
            {message.subject}
          </h3>
          <div className="d-flex align-items-center gap-2">
            <Badge bg={unread ? 'warning' : 'secondary'} text={unread ? 'dark' : undefined} aria-hidden="true">
              {unread ? 'Por ler' : 'Lida'}
            </Badge>
            <time dateTime={message.createdAt} className="small text-secondary">
              {formatDateTime(message.createdAt)}
            </time>
          </div>
        </div>
        <p className="small mb-2">
          <strong>{message.name}</strong> · <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>{message.email}</a>
        </p>
        <p className="contact-message-text mb-2">{message.message}</p>
        {unread && (
          <Button variant="outline-secondary" size="sm" onClick={onMarkRead} disabled={marking} aria-label={`Marcar como lida: ${message.subject}`}>
            {marking && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Marcar como lida
          </Button>
        )}
      </article>
    </li>
  );
}

/** The Mensagens tab: what visitors sent through the contact form, newest first, paged on the server. */
export function MessagesTab() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const messages = useQuery(messagesQueryOptions(page));
  const markRead = useMarkRead();

  const setPage = (target: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
      return next;
    });

  const data = messages.data;
  const pages = Math.max(1, data?.pagination.totalPages ?? 1);
  const pastEnd = pastLastPage(page, data && { placeholder: messages.isPlaceholderData, rows: data.messages.length, total: data.pagination.total });
  useEffect(() => {
    if (pastEnd) setPage(pages);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setPage is rebuilt each render; pastEnd and pages say when to run.
  }, [pastEnd, pages]);

  return (
    <section aria-label="Mensagens">
      {markRead.isError && (
        <Alert variant="danger" dismissible onClose={() => markRead.reset()} closeLabel="Fechar">
          {errorMessage(markRead.error, contactMessages.markReadError)}
        </Alert>
      )}
      {messages.isPending ?
        <PageSpinner label="A carregar mensagens..." />
      : messages.isError || !data ?
        <RetryAlert message={contactMessages.loadError} onRetry={() => void messages.refetch()} retrying={messages.isFetching} />
      : data.pagination.total === 0 ?
        <p className="text-secondary my-4">Ainda não recebeu mensagens pelo formulário de contacto.</p>
      : <>
          <p className="small text-secondary mb-2" role="status">
            {data.pagination.total} {data.pagination.total === 1 ? 'mensagem' : 'mensagens'}
            {data.unread > 0 && `, ${data.unread} por ler`}
          </p>
          <ul className="list-group" aria-busy={messages.isFetching && messages.isPlaceholderData}>
            {data.messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                marking={markRead.isPending && markRead.variables === message.id}
                onMarkRead={() => markRead.mutate(message.id)}
              />
            ))}
          </ul>
          {pages > 1 && <PaginationNav page={data.pagination.page} totalPages={pages} onChange={setPage} label="Páginas de mensagens" />}
        </>
      }
    </section>
  );
}
