import './admin-dashboard.css';
import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router';
import { PageMeta } from '../../components/page-meta.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RequireAdmin } from '../../session/guards.tsx';
import { adminTabs, TAB_PARAM } from './admin-tabs.ts';
import { OpsAlertsBanner } from './ops-alerts-banner.tsx';
import { ShopSetupAlert } from './shop-setup-alert.tsx';

/** /admin-dashboard (backoffice.md §2): the owner's overview first, then one tab per back-office list; non-admins go to /. */
export function AdminDashboard() {
  return (
    <RequireAdmin>
      <Dashboard />
    </RequireAdmin>
  );
}

function Dashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(TAB_PARAM);
  const active = adminTabs.find((tab) => tab.key === requested) ?? adminTabs[0];

  // A tab change is a history entry: Back returns to the previous tab. Other query values belong to the old tab.
  const select = (key: string | null) => {
    if (key && key !== active.key) setSearchParams({ [TAB_PARAM]: key });
  };

  return (
    <Container className="py-4">
      <PageMeta
        title={`${active.title} · Painel de administração`}
        description="Gestão de utilizadores, produtos, serviços, encomendas, subscritores, imagens e newsletter da loja."
      />
      <meta name="robots" content="noindex" />
      <h1 className="h2 mb-4">Painel de administração</h1>
      <OpsAlertsBanner />
      <ShopSetupAlert />
      <Tabs id="admin-tabs" activeKey={active.key} onSelect={select} mountOnEnter className="admin-tabs mb-3">
        {adminTabs.map(({ key, title, Component }) => (
          <Tab key={key} eventKey={key} title={title}>
            <Suspense fallback={<PageSpinner />}>
              <Component />
            </Suspense>
          </Tab>
        ))}
      </Tabs>
    </Container>
  );
}
