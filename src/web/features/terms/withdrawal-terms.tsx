import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { EXEMPTION_REASONS, exemptionLabel, LEGAL_WITHDRAWAL_DAYS, NO_WITHDRAWAL, REFUND_DAYS, WITHDRAW_LABEL } from '#shared/withdrawal.ts';
import { useWithdrawalDays } from '../contact/api.ts';

/** The right of withdrawal as the terms state it (issue #28): the owner's one period, the function, the model form, the exceptions. */
export function WithdrawalTerms() {
  const days = useWithdrawalDays();
  return (
    <>
      <p>
        Nas compras à distância, pode desistir do contrato sem indicar o motivo (direito de livre resolução, Decreto-Lei n.º 24/2014). A Loja dá-lhe{' '}
        <strong>{days ? `${days} dias` : 'o prazo indicado na página de cada produto'}</strong> (a lei garante pelo menos {LEGAL_WITHDRAWAL_DAYS}), a contar
        do dia em que recebe os produtos; nos conteúdos digitais e nos serviços, a contar da compra.
      </p>
      <p>
        Para desistir, use <strong>{WITHDRAW_LABEL}</strong> na página da encomenda, na ligação dos e-mails da encomenda ou na página{' '}
        <Link to={paths.withdrawalRequest}>{WITHDRAW_LABEL}</Link> (com o número da encomenda e o seu e-mail): escolhe os artigos, confirma e
        recebe logo o comprovativo por e-mail, com a data e a hora. Se preferir escrever, use o{' '}
        <Link to={paths.withdrawalForm}>formulário de livre resolução</Link> e envie-o por e-mail ou por correio.
      </p>
      <p>
        Reembolsamos o valor dos artigos devolvidos, e os portes de envio iniciais quando devolve tudo o que foi enviado, pelo mesmo meio de
        pagamento, no prazo de {REFUND_DAYS} dias a contar da sua comunicação; podemos aguardar a receção dos produtos ou a prova do seu envio.
        Devolva os produtos no prazo de 14 dias a contar da comunicação. Os custos da devolução são seus, salvo se o produto tiver defeito ou não
        corresponder à encomenda.
      </p>
      <p className="mb-1">
        <strong>{NO_WITHDRAWAL}</strong> (art. 17.º do mesmo decreto-lei): os produtos marcados assim na sua página e no checkout, com o motivo:
      </p>
      <ul>
        {EXEMPTION_REASONS.map((reason) => (
          <li key={reason}>{exemptionLabel[reason]}.</li>
        ))}
      </ul>
    </>
  );
}
