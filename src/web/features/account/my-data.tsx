import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { privacyMessages } from '#shared/schemas/privacy.ts';
import { errorMessage } from '../../api/client.ts';
import { FormField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useServerForm } from '../../components/form/use-server-form.ts';
import { exportLinks, useEraseAccount, useErasureLink } from './api.ts';

const eraseFailed = 'Não foi possível apagar a conta. Por favor, tente novamente.';
const passwordForm = z.object({ password: z.string().min(1, { error: 'Indique a sua palavra-passe.' }).max(200) });

/** Her data on request (RGPD art. 15.º, 17.º, 20.º; decision 0041): the download, and the erasure of her account. */
export function MyData({ accountEmail, onErased }: { accountEmail: string; onErased: (message: string) => void }) {
  const [params] = useSearchParams();
  const token = params.get('apagar-conta');
  return (
    <>
      <section aria-labelledby="my-data-export-title" className="mb-4">
        <h2 id="my-data-export-title" className="h5">
          Descarregar os meus dados
        </h2>
        <p>
          A sua conta, moradas, encomendas com os artigos, pagamentos, números das faturas, a subscrição da newsletter e as mensagens que
          nos enviou com este email: um ficheiro JSON, para guardar ou levar para outro serviço, e a mesma informação numa página legível.
        </p>
        <div className="d-flex flex-wrap gap-2">
          {/* Links, not buttons: the browser saves the file or opens the page itself (Button as="a" would say "button"). */}
          <a href={exportLinks.json} download="os-meus-dados.json" className="btn btn-primary">
            Descarregar os meus dados
          </a>
          <a href={exportLinks.page} target="_blank" rel="noopener" className="btn btn-outline-primary">
            Ver os meus dados numa página
            <span className="visually-hidden"> (abre num novo separador)</span>
          </a>
        </div>
      </section>
      <section aria-labelledby="my-data-erase-title">
        <h2 id="my-data-erase-title" className="h5">
          Apagar a minha conta
        </h2>
        <p>
          A conta, as moradas e as sessões são apagadas, com a subscrição da newsletter e as mensagens de contacto. As encomendas ficam no
          registo fiscal durante 10 anos (artigo 52.º do Código do IVA), sem o seu nome, email, telefone ou morada. Não é possível enquanto
          uma encomenda estiver em curso ou no prazo de livre resolução.
        </p>
        {token ? <ConfirmByLink token={token} onErased={onErased} /> : <ConfirmByPassword accountEmail={accountEmail} onErased={onErased} />}
      </section>
    </>
  );
}

function ConfirmByPassword({ accountEmail, onErased }: { accountEmail: string; onErased: (message: string) => void }) {
  const erase = useEraseAccount();
  const link = useErasureLink();
  const { form, field, error, submit } = useServerForm(zodResolver(passwordForm), { password: '' }, { accept: ['password'], fallback: eraseFailed });
  const onSubmit = submit(async ({ password }) => {
    const answer = await erase.mutateAsync({ password });
    onErased(answer.message);
  });
  return (
    <>
      {error && <Alert variant="danger">{error}</Alert>}
      <Form noValidate onSubmit={onSubmit}>
        <input type="email" name="account-email" autoComplete="username" value={accountEmail} readOnly hidden />
        <FormField
          id="erase-password"
          label="Palavra-passe"
          type="password"
          autoComplete="current-password"
          required
          help="Para confirmar que o pedido é seu."
          {...field('password')}
        />
        <SubmitButton variant="danger" busy={form.formState.isSubmitting}>
          Apagar a minha conta
        </SubmitButton>
      </Form>
      <p className="mt-3 mb-1">Não se lembra da palavra-passe? Confirme pelo email:</p>
      {link.isSuccess && <Alert variant="success">{link.data.message}</Alert>}
      {link.isError && <Alert variant="danger">{errorMessage(link.error, eraseFailed)}</Alert>}
      <Button variant="outline-danger" disabled={link.isPending} onClick={() => link.mutate()}>
        Enviar-me o link por email
      </Button>
    </>
  );
}

function ConfirmByLink({ token, onErased }: { token: string; onErased: (message: string) => void }) {
  const erase = useEraseAccount();
  return (
    <>
      <Alert variant="warning">Abriu o link que lhe enviámos: confirme uma última vez para apagar a sua conta.</Alert>
      {erase.isError && <Alert variant="danger">{errorMessage(erase.error, privacyMessages.linkInvalid)}</Alert>}
      <Button variant="danger" disabled={erase.isPending} onClick={() => erase.mutate({ token }, { onSuccess: (answer) => onErased(answer.message) })}>
        Confirmar: apagar a minha conta
      </Button>
    </>
  );
}
