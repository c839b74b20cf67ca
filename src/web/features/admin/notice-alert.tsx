import Alert from 'react-bootstrap/Alert';

/** A tab's success message after a save or delete (nothing when there is none), closed with «Fechar». */
export function NoticeAlert({ notice, onClose }: { notice: string | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert variant="success" dismissible onClose={onClose} closeLabel="Fechar">
      {notice}
    </Alert>
  );
}
