import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { newsletterConsent, newsletterMessages, subscribeBody } from '#shared/schemas/newsletter.ts';
import { paths } from '#shared/paths.ts';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { subscribe } from './api.ts';
import BiExclamationCircleIcon from '~icons/bi/exclamation-circle';

/** The consent shown beside the form: the very text the server stores, its closing words a link to the terms. */
function ConsentText() {
  const { text, linkLabel } = newsletterConsent;
  const at = text.lastIndexOf(linkLabel);
  return (
    <>
      {text.slice(0, at)}
      <Link to={paths.terms}>{linkLabel}</Link>
      {text.slice(at + linkLabel.length)}
    </>
  );
}

/** The footer's sign-up form (storefront.md §4): idle, submitting (all disabled, spinner), then a dismissible alert. */
export function NewsletterForm() {
  const [subscribed, setSubscribed] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const { form, error: failure, busy, submit } = useServerForm(subscribeBody, { email: '' }, { accept: ['email'], fallback: newsletterMessages.subscribeError });
  const onSubmit = submit(async (body) => {
    await subscribe(body);
    form.reset({ email: '' });
    setSubscribed(true);
  });
  const outcome =
    dismissed ? null
    : failure ? { variant: 'danger' as const, text: failure }
    : subscribed ? { variant: 'success' as const, text: newsletterMessages.subscribed }
    : null;

  const error = form.formState.errors.email?.message;
  return (
    <section aria-labelledby="footer-newsletter">
      <h2 id="footer-newsletter" className="h6 text-uppercase">
        Newsletter
      </h2>
      <Form
        noValidate
        onSubmit={(event) => {
          // A new attempt replaces the last answer, even when it stops at the field check.
          setSubscribed(false);
          setDismissed(false);
          void onSubmit(event);
        }}
      >
        <fieldset disabled={busy}>
          <legend className="visually-hidden">Subscrever a newsletter</legend>
          <Form.Label htmlFor="newsletter-email">O seu email</Form.Label>
          {/* Field and button share a line while there is room for an address; a narrow column puts the button below. */}
          <div className="d-flex flex-wrap gap-2">
            <Form.Control
              id="newsletter-email"
              className="w-auto"
              style={{ flex: '1 1 12rem' }}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              required
              aria-required="true"
              isInvalid={Boolean(error)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'newsletter-email-error newsletter-consent' : 'newsletter-consent'}
              {...form.register('email')}
            />
            <Button type="submit" variant="light" aria-busy={busy || undefined}>
              {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {busy ? 'A subscrever...' : 'Subscrever'}
            </Button>
          </div>
          {error && (
            // The footer is dark: the message is light, with the icon and the field's red border marking the error.
            <div id="newsletter-email-error" className="invalid-feedback d-block text-white">
              <BiExclamationCircleIcon className="bi me-1" aria-hidden="true" />
              {error}
            </div>
          )}
        </fieldset>
        <p id="newsletter-consent" className="small mt-2 mb-0">
          <ConsentText />
        </p>
      </Form>
      <div aria-live="polite">
        {outcome && (
          <Alert
            variant={outcome.variant}
            dismissible
            onClose={() => setDismissed(true)}
            closeLabel="Fechar"
            className="mt-3 mb-0"
            role={outcome.variant === 'danger' ? 'alert' : 'status'}
          >
            {outcome.text}
          </Alert>
        )}
      </div>
    </section>
  );
}
