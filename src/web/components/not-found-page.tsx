import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';

export function NotFoundPage() {
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">Página não encontrada</h1>
      <p className="text-secondary">A página que procura não existe ou foi movida.</p>
      <Link to={paths.home} className="btn btn-primary">
        Voltar ao início
      </Link>
    </Container>
  );
}
