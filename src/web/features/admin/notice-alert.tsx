import Alert from 'react-bootstrap/Alert';

/** What a form hands its tab when it goes back to it after a save or delete (router state). */
export type TabNotice = { notice: string };

/** The notice a form left in the router state, if any. */
export const noticeFrom = (state: unknown): string | null =>
  state && typeof state === 'object' && typeof (state as TabNotice).notice === 'string' ? (state as TabNotice).notice : null;

/** A tab's success message after a save or delete (nothing when there is none), closed with «Fechar». */
export function NoticeAlert({ notice, onClose }: { notice: string | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert variant="success" dismissible onClose={onClose} closeLabel="Fechar">
      {notice}
    </Alert>
  );
}
