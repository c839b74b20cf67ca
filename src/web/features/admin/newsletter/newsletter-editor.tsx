import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Controller } from 'react-hook-form';
import { type NewsletterContent, newsletterContentBody, newsletterMessages } from '#shared/schemas/newsletter.ts';
import { errorIdOf, FieldError, FormField } from '../../../components/form/field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useServerForm } from '../../../components/form/use-server-form.ts';
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
  const { form, error, busy, submit } = useServerForm(
    newsletterContentBody,
    { title: initial.title, value: initial.value },
    // The focus stays on «Guardar»: the alert below says what failed, beside the fields' own messages.
    { accept: ['title', 'value'], fallback: newsletterMessages.contentSaveError, alertWithFields: true, focus: false },
  );
  const {
    register,
    control,
    formState: { errors, isDirty },
  } = form;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = submit(async (body) => {
    setSaved(null);
    const stored = await save.mutateAsync(body);
    // The form takes back what the server stored (sanitised), which is what subscribers will get.
    form.reset({ title: stored.title, value: stored.value });
    setSaved(newsletterMessages.contentSaved);
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="newsletter-editor-title">
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
      {error && (
        <Alert variant="danger" role="alert">
          {error}
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
