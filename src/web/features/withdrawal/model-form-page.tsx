import './withdrawal.css';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { WITHDRAW_LABEL } from '#shared/withdrawal.ts';
import { PageBreadcrumb } from '../../components/page-breadcrumb.tsx';
import { shopDetailsQuery } from '../contact/api.ts';
import BiPrinterIcon from '~icons/bi/printer';

/**
 * /formulario-de-livre-resolucao: the model withdrawal form of Decreto-Lei 24/2014's annex (Anexo, parte B), word
 * for word, with the shop's details filled in where the annex asks for them; printable, for those who prefer to write.
 */
export function ModelFormPage() {
  const details = useQuery(shopDetailsQuery);
  const shop = details.data;
  const to = shop ? `${shop.legalName}, ${shop.address}, ${shop.email}` : 'a Loja (nome, morada e e-mail nos Termos e Privacidade)';
  return (
    <Container className="py-4 py-md-5">
      <PageBreadcrumb trail={[{ label: 'Termos e Privacidade', to: paths.terms }]} current="Formulário de livre resolução" className="mb-3 no-print" />
      <h1 className="h2">Modelo de formulário de livre resolução</h1>
      <p className="text-secondary no-print">
        Decreto-Lei n.º 24/2014, Anexo, parte B. Pode imprimi-lo, preenchê-lo e enviá-lo por correio ou por e-mail. É mais rápido usar{' '}
        <Link to={paths.withdrawalRequest}>{WITHDRAW_LABEL}</Link>: recebe logo o comprovativo.
      </p>
      <Button variant="outline-primary" className="mb-4 no-print d-inline-flex align-items-center gap-2" onClick={() => window.print()}>
        <BiPrinterIcon className="bi" aria-hidden="true" />
        Imprimir
      </Button>
      <article className="card">
        <div className="card-body">
          <p>
            <em>(só deve preencher e devolver o presente formulário se quiser resolver o contrato)</em>
          </p>
          <ul className="mb-3">
            <li className="mb-2">Para {to}:</li>
            <li className="mb-2">
              Pela presente comunico/comunicamos (*) que resolvo/resolvemos (*) do meu/nosso (*) contrato de compra e venda relativo ao(s)
              seguinte(s) bem(ns) (*)/para a prestação do(s) seguinte(s) serviço(s) (*)
              <div className="model-form-lines" aria-hidden="true" />
            </li>
            <li className="mb-2">Solicitado em (*)/recebido em (*)</li>
            <li className="mb-2">Nome do(s) consumidor(es)</li>
            <li className="mb-2">Endereço do(s) consumidor(es)</li>
            <li className="mb-2">Assinatura do(s) consumidor(es) (só no caso de o presente formulário ser notificado em papel)</li>
            <li className="mb-2">Data</li>
          </ul>
          <p className="mb-0">(*) Riscar o que não interessa.</p>
        </div>
      </article>
    </Container>
  );
}
