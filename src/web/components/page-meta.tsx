/** Title and description of a page; React 19 hoists these into <head>. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{`${title} | Loja`}</title>
      <meta name="description" content={description} />
    </>
  );
}
