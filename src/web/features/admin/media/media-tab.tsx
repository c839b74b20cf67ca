import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mediaMessages, type MediaImage } from '#shared/schemas/catalog.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { NoticeAlert } from '../notice-alert.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { mediaQueryOptions, useDeleteMedia } from './api.ts';
import { MediaList } from './media-list.tsx';
import { MediaUpload } from './media-upload.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useTabDelete } from '../use-tab-delete.ts';

/** The Biblioteca de media tab of the admin dashboard (backoffice.md §2, §5, §8). */
export function MediaTab() {
  const media = useQuery(mediaQueryOptions());
  const remove = useDeleteMedia();
  const [notice, setNotice] = useState<string | null>(null);
  const [deletions, setDeletions] = useState(0);

  const confirm = useTabDelete<MediaImage, number>(remove, {
    failed: 'Erro ao eliminar imagem.',
    deleted: mediaMessages.imageDeleted,
    setNotice,
    then: () => setDeletions((n) => n + 1),
  });

  const count = media.data?.length ?? 0;
  return (
    <section aria-label="Biblioteca de media">
      <MediaUpload existingNames={media.data?.map((image) => image.name) ?? []} resetKey={deletions} onSend={() => setNotice(null)} />

      <h2 className="h5 mb-3">Imagens</h2>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      {media.isPending ?
        <PageSpinner label="A carregar imagens..." />
      : media.isError ?
        <RetryAlert message="Erro ao carregar imagens." onRetry={() => void media.refetch()} retrying={media.isFetching} />
      : count === 0 ?
        <p className="text-secondary my-4">Ainda não existem imagens na biblioteca.</p>
      : <>
          <p className="small text-secondary mb-2" role="status">
            {count} {count === 1 ? 'imagem' : 'imagens'}
          </p>
          <MediaList images={media.data} onDelete={confirm.ask} />
        </>
      }

      <ConfirmDeleteModal
        {...confirm.modal}
        title="Eliminar imagem"
        question={
          <>
            Tem a certeza que deseja eliminar a imagem <strong className="text-break">{confirm.target?.name}</strong>? As páginas que a usam
            deixam de a mostrar. Esta ação não pode ser desfeita.
          </>
        }
      />
    </section>
  );
}
