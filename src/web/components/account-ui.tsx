import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { PageMeta } from './page-meta.tsx';

/** A centred card holding one account screen: its metadata and its single <h1>. */
export function AuthCard({
  title,
  heading = title,
  description,
  children,
}: {
  title: string;
  heading?: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Container className="py-4 py-md-5">
      <PageMeta title={title} description={description} />
      <Card className="auth-card mx-auto shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <h1 className="h3 mb-4 text-center">{heading}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}

/** An account screen once it has done its work: the message, and a link to where the screen is about to go by itself. */
export function AuthSuccess({ title, description, message, to, linkText }: { title: string; description: string; message: string; to: string; linkText: string }) {
  return (
    <AuthCard title={title} description={description}>
      <Alert variant="success">
        <p className="mb-2">{message}</p>
        <Link to={to} replace className="alert-link">
          {linkText}
        </Link>
      </Alert>
    </AuthCard>
  );
}
