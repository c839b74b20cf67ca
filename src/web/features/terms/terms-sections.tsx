import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shop } from '#shared/shop.ts';
import { paths } from '#shared/paths.ts';
import { RETENTION, retentionSentence } from '#shared/retention.ts';
import { PaymentDeadlines } from './payment-deadlines.tsx';
import { WithdrawalTerms } from './withdrawal-terms.tsx';
import { ShopIdentity } from './shop-identity.tsx';
import { ShippingTerms } from './shipping-terms.tsx';

export type TermsSection = { id: string; title: string; body: ReactNode };

/** An address outside the shop: a new window, said so to screen readers. */
function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (abre numa nova janela)</span>
    </a>
  );
}

/** backoffice.md §2 "Terms and privacy", §9: every section, in the order a reader looks for them. */
export const termsSections: TermsSection[] = [
  {
    id: 'introducao',
    title: 'Introdução',
    body: (
      <>
        <p>
          Estes termos explicam as regras de compra na Loja e a forma como tratamos os seus dados pessoais, de acordo com o Regulamento
          Geral sobre a Proteção de Dados (RGPD) e a legislação portuguesa. Ao navegar na loja, criar conta, encomendar ou contactar-nos,
          aceita estas condições.
        </p>
        <p>O responsável pelo tratamento dos dados e vendedor é:</p>
        <ShopIdentity />
      </>
    ),
  },
  {
    id: 'dados-recolhidos',
    title: 'Dados que recolhemos',
    body: (
      <ul>
        <li>
          <strong>Conta:</strong> nome de utilizador, email e palavra-passe (guardada apenas de forma cifrada e irreversível).
        </li>
        <li>
          <strong>Encomendas:</strong> morada de envio, telefone, produtos, valores e método de pagamento. Não recebemos nem guardamos
          dados de cartões bancários.
        </li>
        <li>
          <strong>Contacto:</strong> nome, email, assunto e mensagem que nos envia pelo formulário, e o endereço IP de envio (para travar
          abusos).
        </li>
        <li>
          <strong>Newsletter:</strong> email, data de subscrição e de confirmação, e a prova do consentimento (quando foi dado, o endereço IP de onde foi dado e o texto aceite).
        </li>
        <li>
          <strong>Dados técnicos:</strong> registos do servidor (endereço IP, data e página pedida), usados apenas para segurança e
          resolução de avarias.
        </li>
      </ul>
    ),
  },
  {
    id: 'utilizacao',
    title: 'Como utilizamos os dados',
    body: (
      <>
        <p>Usamos os seus dados apenas para:</p>
        <ul>
          <li>processar, cobrar e entregar as suas encomendas e prestar os serviços marcados (execução do contrato);</li>
          <li>responder às suas mensagens e pedidos (diligências a seu pedido);</li>
          <li>enviar a newsletter, só depois de confirmar a subscrição (consentimento, que pode retirar a qualquer momento);</li>
          <li>cumprir obrigações legais, como a faturação e a contabilidade (obrigação legal);</li>
          <li>proteger a loja contra fraude e abusos (interesse legítimo).</li>
        </ul>
        <p>Não usamos os seus dados para publicidade de terceiros nem tomamos decisões automatizadas com efeitos jurídicos sobre si.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies e armazenamento local',
    body: (
      <>
        <p>
          A loja usa <strong>apenas cookies estritamente necessários</strong>: o cookie de sessão, que mantém a sua sessão iniciada
          depois do login (não é acessível a scripts e termina quando sai da conta ou quando expira), e o cookie do carrinho, que
          guarda só os produtos, as variantes e as quantidades que escolheu, sem dados pessoais, para que os botões de compra
          funcionem mesmo antes de a página acabar de carregar ou sem JavaScript. Dura três meses.
        </p>
        <p>
          O carrinho fica também guardado no <strong>armazenamento local do seu navegador</strong>, no seu dispositivo, para não o
          perder ao mudar de página; nome, morada e contactos só nos chegam quando finaliza a compra.
        </p>
        <p>
          Não usamos cookies de análise, de publicidade nem de redes sociais. Por serem estritamente necessários, estes mecanismos não
          exigem consentimento; pode apagá-los nas definições do navegador (perderá a sessão e o carrinho).
        </p>
      </>
    ),
  },
  {
    id: 'partilha',
    title: 'Partilha de dados',
    body: (
      <>
        <p>Não vendemos os seus dados. Partilhamos apenas o necessário com:</p>
        <ul>
          <li>
            <strong>a transportadora</strong> (serviço expresso nacional): nome, morada e telefone, para entregar a encomenda;
          </li>
          <li>
            <strong>a plataforma de pagamentos ifthenpay</strong>: valor e identificação da encomenda e, no MB WAY, o número de telemóvel,
            para gerar e confirmar o pagamento;
          </li>
          <li>
            <strong>o fornecedor de email</strong>: o seu endereço e o conteúdo das mensagens que lhe enviamos (confirmações de conta,
            encomendas e newsletter).
          </li>
        </ul>
        <p>
          Estas entidades tratam os dados por nossa conta, ao abrigo de contratos que cumprem o artigo 28.º do RGPD. Também podemos ter de
          comunicar dados às autoridades, quando a lei o exigir.
        </p>
      </>
    ),
  },
  {
    id: 'direitos',
    title: 'Os seus direitos (RGPD)',
    body: (
      <>
        <p>A qualquer momento, pode pedir-nos:</p>
        <ul>
          <li>o acesso aos seus dados e uma cópia deles;</li>
          <li>a retificação de dados incorretos (muitos pode alterar no seu perfil);</li>
          <li>o apagamento dos dados, quando já não forem necessários ou a lei não nos obrigar a guardá-los;</li>
          <li>a limitação ou a oposição ao tratamento;</li>
          <li>a portabilidade dos dados, num formato de uso corrente;</li>
          <li>a retirada do consentimento (por exemplo, cancelar a newsletter pelo link em cada email), sem afetar o tratamento anterior.</li>
        </ul>
        <p>
          Com conta, pode descarregar os seus dados ou apagar a conta no seu <Link to={paths.profile}>perfil</Link>. Para o resto, ou sem
          conta, basta escrever-nos pelos contactos indicados no fim desta página. Respondemos no prazo de um mês. Tem ainda o direito de
          apresentar reclamação à autoridade de controlo (ver <a href="#contacto">Contacto</a>).
        </p>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Segurança',
    body: (
      <p>
        A loja funciona através de ligações cifradas (HTTPS). As palavras-passe são guardadas com um algoritmo de cifra irreversível, as
        sessões usam identificadores aleatórios e o acesso à área de administração está limitado às pessoas autorizadas. Os pagamentos são
        feitos na plataforma ifthenpay, sem que os dados bancários passem por nós.
      </p>
    ),
  },
  {
    id: 'conservacao',
    title: 'Conservação dos dados',
    body: (
      // The same table the daily purge job carries out (src/shared/retention.ts).
      <ul>
        {RETENTION.map((rule) => (
          <li key={rule.key}>{retentionSentence(rule)}</li>
        ))}
      </ul>
    ),
  },
  {
    id: 'menores',
    title: 'Menores',
    body: (
      <p>
        A loja não se destina a menores de 16 anos, que não devem criar conta nem enviar-nos dados pessoais sem autorização de quem exerce
        as responsabilidades parentais. Se soubermos que recolhemos dados de um menor de 16 anos sem essa autorização, apagamo-los.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações a esta política',
    body: (
      <p>
        Podemos atualizar estes termos para refletir mudanças na lei ou na loja. A data da última atualização aparece no topo desta página;
        se a alteração for importante, avisamos por email os clientes com conta ou com encomendas em curso. As encomendas já feitas seguem
        os termos em vigor na data da compra.
      </p>
    ),
  },
  {
    id: 'envios',
    title: 'Envios e entregas',
    body: (
      <>
        <ul>
          <ShippingTerms />
          <PaymentDeadlines />
          <li>Preparação: {shop.delivery.preparation} depois da confirmação do pagamento.</li>
          <li>Os produtos digitais ficam disponíveis logo após a confirmação do pagamento.</li>
        </ul>
        <p>
          Se a encomenda chegar danificada ou com artigos em falta, avise-nos <strong>no prazo de 48 horas após a receção</strong>, de
          preferência com fotografias, para resolvermos com a transportadora.
        </p>
      </>
    ),
  },
  {
    id: 'devolucoes',
    title: 'Direito de livre resolução e devoluções',
    body: (
      <>
        <WithdrawalTerms />
        <p>
          <strong>Conteúdos digitais:</strong> o direito de livre resolução perde-se quando o fornecimento começa (o link de acesso é
          disponibilizado), com o seu consentimento prévio e expresso e o reconhecimento de que perde esse direito. Nos serviços, o direito
          perde-se quando o serviço tiver sido integralmente prestado com o seu acordo.
        </p>
        <p>Mantém sempre a garantia legal de conformidade dos produtos.</p>
      </>
    ),
  },
  {
    id: 'litigios',
    title: 'Reclamações e resolução de litígios',
    body: (
      <>
        <p>
          Pode apresentar reclamação no <External href={paths.complaintsBook}>Livro de Reclamações Eletrónico</External>.
        </p>
        <p>
          Em caso de litígio, pode recorrer a uma entidade de resolução alternativa de litígios de consumo, como o{' '}
          <External href="https://www.cniacc.pt">CNIACC – Centro Nacional de Informação e Arbitragem de Conflitos de Consumo</External>.
          Mais informação no Portal do Consumidor (
          <External href="https://www.consumidor.gov.pt">www.consumidor.gov.pt</External>).
        </p>
      </>
    ),
  },
  {
    id: 'contacto',
    title: 'Contacto',
    body: (
      <>
        <p>
          Para qualquer questão sobre estes termos, os seus dados ou uma encomenda, use os contactos abaixo ou a página de{' '}
          <Link to={paths.contact}>Contactos</Link>.
        </p>
        <ShopIdentity withContacts />
        <p className="mt-3">
          Se entender que os seus dados não foram tratados de acordo com a lei, tem o direito de apresentar reclamação à autoridade de
          controlo, a <External href="https://www.cnpd.pt">CNPD – Comissão Nacional de Proteção de Dados</External>.
        </p>
      </>
    ),
  },
];
