import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mediaMessages, type MediaImage } from '#shared/schemas/catalog.ts';
import { errorMessage } from '../../../api/client.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { NoticeAlert } from '../notice-alert.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { mediaQueryOptions, useDeleteMedia } from './api.ts';
import { DeleteImageModal } from './delete-image-modal.tsx';
import { MediaList } from './media-list.tsx';
import { MediaUpload } from './media-upload.tsx';

/** The Biblioteca de media tab of the admin dashboard (backoffice.md §2, §5, §8). */
export function MediaTab() {
  const media = useQuery(mediaQueryOptions());
  const remove = useDeleteMedia();
  const [target, setTarget] = useState<MediaImage | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const askDelete = (image: MediaImage) => {
    remove.reset();
    setNotice(null);
    setTarget(image);
    setConfirmOpen(true);
  };

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (answer) => {
        setConfirmOpen(false);
        setNotice(answer?.message || mediaMessages.imageDeleted);
      },
    });
  };

  const count = media.data?.length ?? 0;
  return (
    <section aria-label="Biblioteca de media">
      <MediaUpload existingNames={media.data?.map((image) => image.name) ?? []} />

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
          <MediaList images={media.data} onDelete={askDelete} />
        </>
      }

      <DeleteImageModal
        name={target?.name}
        show={confirmOpen}
        deleting={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Erro ao eliminar imagem.') : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
        onExited={() => setTarget(null)}
      />
    </section>
  );
}
