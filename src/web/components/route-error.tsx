import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to load (a new deploy replaced its chunk, or the network dropped). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container className="py-5">
      <title>Erro | Loja</title>
      <Alert variant="danger">
        <h1 className="h4">{notFound ? 'Página não encontrada' : 'Não foi possível abrir esta página'}</h1>
        <p className="mb-2">Verifique a ligação à internet e tente novamente.</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
          Recarregar a página
        </button>
      </Alert>
    </Container>
  );
}
