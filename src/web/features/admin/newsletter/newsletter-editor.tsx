import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Controller, useForm } from 'react-hook-form';
import { type NewsletterContent, type NewsletterContentBody, newsletterContentBody, newsletterMessages } from '#shared/schemas/newsletter.ts';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useSaveContent } from './api.ts';

type Props = {
  initial: NewsletterContent;
  /** The form differs from what is saved: sending or testing now would not send what the admin sees. */
  onDirtyChange: (dirty: boolean) => void;
};

/** backoffice.md §2, §5: the newsletter's title and content (rich text, sanitised by the server), both required. */
export function NewsletterEditor({ initial, onDirtyChange }: Props) {
  const save = useSaveContent();
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<NewsletterContentBody>({ resolver: zodResolver(newsletterContentBody), defaultValues: { title: initial.title, value: initial.value } });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = (body: NewsletterContentBody) => {
    setSaved(null);
    save.mutate(body, {
      // The form takes back what the server stored (sanitised), which is what subscribers will get.
      onSuccess: (stored) => {
        reset({ title: stored.title, value: stored.value });
        setSaved(newsletterMessages.contentSaved);
      },
      onError: (err) => {
        if (!(err instanceof ApiError) || !err.fields) return;
        for (const name of ['title', 'value'] as const) {
          const message = err.fields[name];
          if (message) setError(name, { type: 'server', message });
        }
      },
    });
  };

  const busy = save.isPending;
  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="newsletter-editor-title">
      <h2 id="newsletter-editor-title" className="h5 mb-3">
        Conteúdo da newsletter
      </h2>
      <Form.Group className="mb-3" controlId="newsletter-title">
        <Form.Label>Título</Form.Label>
        <Form.Control
          type="text"
          maxLength={200}
          required
          aria-required="true"
          disabled={busy}
          isInvalid={Boolean(errors.title)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'newsletter-title-error' : 'newsletter-title-hint'}
          {...register('title')}
        />
        {errors.title ?
          <Form.Control.Feedback type="invalid" id="newsletter-title-error">
            {errors.title.message}
          </Form.Control.Feedback>
        : <Form.Text id="newsletter-title-hint" className="text-secondary">
            É também o assunto do email.
          </Form.Text>
        }
      </Form.Group>
      <div className="mb-3">
        <Controller
          name="value"
          control={control}
          render={({ field, fieldState }) => (
            <RichTextEditor
              id="newsletter-content"
              label="Conteúdo"
              value={field.value}
              onChange={field.onChange}
              disabled={busy}
              invalid={Boolean(fieldState.error)}
              describedBy={fieldState.error ? 'newsletter-content-error' : undefined}
            />
          )}
        />
        {errors.value && (
          <div className="invalid-feedback d-block" id="newsletter-content-error">
            {errors.value.message}
          </div>
        )}
      </div>
      {save.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(save.error, newsletterMessages.contentSaveError)}
        </Alert>
      )}
      <div aria-live="polite">
        {saved && !isDirty && (
          <Alert variant="success" dismissible onClose={() => setSaved(null)} closeLabel="Fechar">
            {saved}
          </Alert>
        )}
      </div>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Guardar
      </Button>
      {isDirty && <span className="ms-3 small text-secondary">Há alterações por guardar.</span>}
    </Form>
  );
}
