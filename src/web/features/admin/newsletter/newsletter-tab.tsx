import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { newsletterMessages } from '#shared/schemas/newsletter.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { contentQueryOptions, sendsQueryKey, switchQueryOptions } from './api.ts';
import { NewsletterEditor } from './newsletter-editor.tsx';
import { SendHistory } from './send-history.tsx';
import { SendPanel } from './send-panel.tsx';

/** The Newsletter tab of the admin dashboard (backoffice.md §2, §5, §8): write it, test it, send it, see past sends. */
export function NewsletterTab() {
  const content = useQuery(contentQueryOptions());
  const sendSwitch = useQuery(switchQueryOptions());
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const isToSend = sendSwitch.data?.isToSend ?? false;

  // The server turns the switch off when a send ends: the history then shows the final counts.
  const wasSending = useRef(isToSend);
  useEffect(() => {
    if (wasSending.current && !isToSend) void queryClient.invalidateQueries({ queryKey: sendsQueryKey });
    wasSending.current = isToSend;
  }, [isToSend, queryClient]);

  if (content.isPending || sendSwitch.isPending) return <PageSpinner label="A carregar a newsletter..." />;
  if (content.isError || sendSwitch.isError) {
    const retry = () => void Promise.all([content.refetch(), sendSwitch.refetch()]);
    return (
      <RetryAlert message={newsletterMessages.contentLoadError} onRetry={retry} retrying={content.isFetching || sendSwitch.isFetching} />
    );
  }

  return (
    <section aria-label="Newsletter">
      <NewsletterEditor initial={content.data} onDirtyChange={setDirty} />
      <SendPanel isToSend={isToSend} title={content.data.title} dirty={dirty} />
      <SendHistory sending={isToSend} />
    </section>
  );
}
