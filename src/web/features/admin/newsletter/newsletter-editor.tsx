import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { type NewsletterContent, type NewsletterContentBody, newsletterContentBody, newsletterMessages } from '#shared/schemas/newsletter.ts';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { applyFieldErrors } from '../../../components/form/apply-field-errors.ts';
import { errorIdOf, FieldError, FormField } from '../../../components/form/field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
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
      // The focus stays on «Guardar»: the alert below says what failed.
      onError: (err) => applyFieldErrors(setError, err instanceof ApiError ? err.fields : undefined, { accept: ['title', 'value'], focus: false }),
    });
  };

  const busy = save.isPending;
  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="newsletter-editor-title">
      <h2 id="newsletter-editor-title" className="h5 mb-3">
        Conteúdo da newsletter
      </h2>
      <FormField
        id="newsletter-title"
        label="Título"
        type="text"
        maxLength={200}
        required
        aria-required="true"
        disabled={busy}
        help="É também o assunto do email."
        hideHelpOnError
        registration={register('title')}
        error={errors.title?.message}
      />
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
              describedBy={fieldState.error ? errorIdOf('newsletter-content') : undefined}
            />
          )}
        />
        <FieldError id="newsletter-content" error={errors.value?.message} block />
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
      <SubmitButton busy={busy}>Guardar</SubmitButton>
      {isDirty && <span className="ms-3 small text-secondary">Há alterações por guardar.</span>}
    </Form>
  );
}
